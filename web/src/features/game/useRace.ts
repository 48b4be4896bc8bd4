/** A race against a stored run (`?race=<run id>` on the game page): its log and seed become the ghost. */
import { useEffect, useState } from 'react';
import type { GhostRun } from './loop/gameLoop';
import { fetchRun } from './runs';

type Race =
  | { status: 'none' | 'loading' | 'unavailable' }
  | { status: 'ready'; ghost: GhostRun; points: number; level: number };

export function useRace(runId: string | null): Race {
  const [race, setRace] = useState<Race>({ status: runId ? 'loading' : 'none' });
  useEffect(() => {
    if (!runId) {
      setRace({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setRace({ status: 'loading' });
    fetchRun(runId, controller.signal)
      .then((run) =>
        setRace(
          run && run.inputLog && run.seed !== null
            ? { status: 'ready', ghost: { inputLog: run.inputLog, seed: run.seed, player: run.player }, points: run.totalPoints, level: run.level }
            : { status: 'unavailable' },
        ),
      )
      .catch((error) => {
        if ((error as Error).name === 'AbortError') return;
        console.error('Could not load the run to race', error);
        setRace({ status: 'unavailable' });
      });
    return () => controller.abort();
  }, [runId]);
  return race;
}
