/**
 * bcrypt comparisons run on worker threads (worker-pool.ts): each costs tens of milliseconds of CPU, and on
 * the request thread a burst of sign-ins would stall every other request. The sign-in limiter reserves
 * an attempt before it gets here, so one address can queue no more than its limit; each queue is
 * bounded all the same, and a full one answers 503 rather than growing.
 * Two queues, each with its own threads and bound: the web users' sign-in and the site admins' sign-in,
 * so a flood of wrong user sign-ins never keeps an admin waiting behind it.
 * Threads: PASSWORD_HASH_THREADS (users, default 1) and ADMIN_PASSWORD_HASH_THREADS (admins, default 1).
 */
import { serviceUnavailable } from './api-error';
import { shedIfOverloaded } from './load-shed';
import { passwordComparisons } from './metrics';
import { setting } from './settings';
import { createWorkerPool, type WorkerPool } from './worker-pool';

export type PasswordQueue = 'user' | 'admin';

const QUEUES: Record<PasswordQueue, { threadsSetting: 'PASSWORD_HASH_THREADS' | 'ADMIN_PASSWORD_HASH_THREADS'; maxQueue: number }> = {
  user: { threadsSetting: 'PASSWORD_HASH_THREADS', maxQueue: 200 },
  // Admins are few: a shorter queue (still above the 50 failures one address may send in a window).
  admin: { threadsSetting: 'ADMIN_PASSWORD_HASH_THREADS', maxQueue: 100 },
};

type ComparePool = WorkerPool<{ password: string; hash: string }, boolean>;
const pools: Partial<Record<PasswordQueue, ComparePool>> = {};

function passwordPool(queue: PasswordQueue): ComparePool {
  const { threadsSetting, maxQueue } = QUEUES[queue];
  return (pools[queue] ??= createWorkerPool({ dir: __dirname, file: 'password-worker.js', threads: setting(threadsSetting), maxQueue }));
}

/** Whether `password` matches the bcrypt `hash`, computed off the request thread on `queue`'s threads. */
export async function compareOffThread(queue: PasswordQueue, password: string, hash: string): Promise<boolean> {
  shedIfOverloaded('password');
  const workers = passwordPool(queue);
  if (workers.isFull()) throw serviceUnavailable('Sign-in is busy. Please try again in a moment.', 1);
  passwordComparisons.inc({ queue });
  return workers.run({ password, hash });
}

/** Stops the threads (server shutdown, end of a test). */
export async function closePasswordPool(): Promise<void> {
  const closing = Object.values(pools);
  for (const queue of Object.keys(pools) as PasswordQueue[]) delete pools[queue];
  await Promise.all(closing.map((pool) => pool.close()));
}
