/**
 * The one way the CMS runs work off the request thread: a piscina pool per job (password comparisons, score
 * replays, feed reading), each with its own threads and a bounded queue, started on first use and stopped at
 * shutdown. A job's worker file exports one default function; `run` sends it one task.
 */
import path from 'path';
import Piscina from 'piscina';

export interface WorkerPoolOptions {
  /** The compiled worker file beside the caller (e.g. 'password-worker.js'), resolved from `dir`. */
  dir: string;
  file: string;
  threads: number;
  /** Most tasks waiting for a thread: `isFull()` tells the caller to refuse (503) rather than queue more. */
  maxQueue: number;
  /** Threads kept while idle (0: the pool holds none between uses). */
  minThreads?: number;
  /** A lower CPU priority for long work (nice +n, where the OS allows). */
  niceIncrement?: number;
}

export interface WorkerPool<Task, Result> {
  run(task: Task): Promise<Result>;
  isFull(): boolean;
  queueSize(): number;
  close(): Promise<void>;
}

export function createWorkerPool<Task, Result>({ dir, file, threads, maxQueue, minThreads = 1, niceIncrement }: WorkerPoolOptions): WorkerPool<Task, Result> {
  let pool: Piscina | null = null;
  const workers = (): Piscina =>
    (pool ??= new Piscina({
      filename: path.join(dir, file),
      minThreads: Math.min(minThreads, threads),
      maxThreads: threads,
      maxQueue,
      idleTimeout: 60_000,
      ...(niceIncrement ? { niceIncrement } : {}),
    }));
  return {
    run: (task) => workers().run(task) as Promise<Result>,
    isFull: () => (pool ? pool.queueSize >= maxQueue : false),
    queueSize: () => (pool ? pool.queueSize : 0),
    async close() {
      const closing = pool;
      pool = null;
      if (closing) await closing.destroy();
    },
  };
}
