/** A race against a stored run (`?race=<run id>` on the game page): its log and seed become the ghost. */
import { useEffect, useState } from 'react';
import type { GhostRun } from './loop/gameLoop';
import { fetchRun } from './api/runs';
import { loadUntilCleanup } from '../../lib/load';

type Race = { status: 'none' | 'loading' | 'unavailable' } | { status: 'ready'; ghost: GhostRun; points: number; level: number };

export function useRace(runId: string | null): Race {
  const [race, setRace] = useState<Race>({ status: runId ? 'loading' : 'none' });
  useEffect(() => {
    if (!runId) {
      setRace({ status: 'none' });
      return;
    }
    setRace({ status: 'loading' });
    return loadUntilCleanup(
      'the run to race',
      (signal) => fetchRun(runId, signal),
      (run) =>
        setRace(
          run && run.inputLog && run.seed !== null
            ? { status: 'ready', ghost: { inputLog: run.inputLog, seed: run.seed, player: run.player }, points: run.totalPoints, level: run.level }
            : { status: 'unavailable' },
        ),
      () => setRace({ status: 'unavailable' }),
    );
  }, [runId]);
  return race;
}
