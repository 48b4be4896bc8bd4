import { useEffect, useRef, useState } from 'react';
import { isLiveRefetch } from '@haic/contract';
import { refetchDelayMs, useLiveEvent } from '../../lib/live';
import { fetchRun, type PublicRun } from '../game';

/**
 * The run that has just beaten this one, live: a ranked run that changes a board is read (GET /api/runs/{id},
 * the usual cached read) and, when it scored more points than this run, is the answer. Null until then, and
 * for a run that does not rank.
 */
export function useBeaten(run: PublicRun | null): PublicRun | null {
  const [beatenBy, setBeatenBy] = useState<PublicRun | null>(null);
  const shown = useRef(run);
  shown.current = run;
  const reading = useRef<AbortController | null>(null);

  useLiveEvent('board', (change) => {
    const mine = shown.current;
    if (!mine?.verified || isLiveRefetch(change) || change.runId === mine.id) return;
    const controller = new AbortController();
    reading.current = controller;
    setTimeout(() => {
      fetchRun(change.runId, controller.signal)
        .then((other) => {
          if (!controller.signal.aborted && other?.verified && other.totalPoints > mine.totalPoints && shown.current?.id === mine.id) setBeatenBy(other);
        })
        .catch(() => undefined);
    }, refetchDelayMs());
  });

  const id = run?.id;
  useEffect(() => {
    setBeatenBy(null);
    return () => reading.current?.abort();
  }, [id]);
  return beatenBy;
}
