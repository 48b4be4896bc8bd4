/**
 * Score replays run in a pool of worker threads (worker-pool.ts), so a long replay never blocks the request
 * thread. Threads: SCORE_VERIFY_THREADS (default: cores - 1, at least 1). The threads run at a lower
 * CPU priority (nice +10, where the OS allows) so page and API requests stay fast while replays wait.
 * A full queue answers 'busy' instead of growing without bound.
 */
import os from 'os';
import type { ReplayOutcome } from '@haic/contract';
import { serviceUnavailable } from './api-error';
import { gaugeOnScrape, replayDuration } from './metrics';
import { shedIfOverloaded } from './load-shed';
import { setting } from './settings';
import { createWorkerPool, type WorkerPool } from './worker-pool';

/** Most replays waiting for a thread; beyond it a submission is answered 503 and resent later. */
const MAX_QUEUE = 500;

/** 503: a submission beyond the queue is resent later (Retry-After). */
const replayBusy = () => serviceUnavailable('The score check is busy: try again in a moment', 5);

function threads(): number {
  const configured = setting('SCORE_VERIFY_THREADS');
  if (configured !== undefined) return configured;
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  return Math.max(1, cores - 1);
}

let pool: WorkerPool<{ inputLog: string; seed: number }, ReplayOutcome> | null = null;
const replayPool = () => (pool ??= createWorkerPool({ dir: __dirname, file: 'replay-worker.js', threads: threads(), maxQueue: MAX_QUEUE, niceIncrement: 10 }));

/** Replays a log off the request thread. */
export async function replayInPool(inputLog: string, seed: number): Promise<ReplayOutcome> {
  shedIfOverloaded('replay');
  const workers = replayPool();
  if (workers.isFull()) throw replayBusy();
  const done = replayDuration.startTimer();
  try {
    return await workers.run({ inputLog, seed });
  } finally {
    done();
  }
}

gaugeOnScrape('score_replay_queue_length', 'Submitted games waiting for a replay thread', () => (pool ? pool.queueSize() : 0));

/** Stops the threads (server shutdown, end of a test). */
export async function closeReplayPool(): Promise<void> {
  const closing = pool;
  pool = null;
  if (closing) await closing.close();
}
