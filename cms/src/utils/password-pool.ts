/**
 * bcrypt comparisons run on a worker thread (piscina): each costs tens of milliseconds of CPU, and on
 * the request thread a burst of sign-ins would stall every other request. The sign-in limiter reserves
 * an attempt before it gets here, so one address can queue no more than its limit; the queue is
 * bounded all the same, and a full one answers 503 rather than growing.
 * Threads: PASSWORD_HASH_THREADS (default 1: sign-ins are few, and the other cores serve pages).
 */
import path from 'path';
import Piscina from 'piscina';
import { serviceUnavailable } from './api-error';
import { shedIfOverloaded } from './load-shed';

const MAX_QUEUE = 200;
let pool: Piscina | null = null;

function passwordPool(): Piscina {
  if (!pool) {
    const configured = Number(process.env.PASSWORD_HASH_THREADS);
    const threads = Number.isInteger(configured) && configured > 0 ? configured : 1;
    pool = new Piscina({ filename: path.join(__dirname, 'password-worker.js'), minThreads: 1, maxThreads: threads, maxQueue: MAX_QUEUE, idleTimeout: 60_000 });
  }
  return pool;
}

/** Whether `password` matches the bcrypt `hash`, computed off the request thread. */
export async function compareOffThread(password: string, hash: string): Promise<boolean> {
  shedIfOverloaded('password');
  const workers = passwordPool();
  if (workers.queueSize >= MAX_QUEUE) {
    throw serviceUnavailable('Sign-in is busy. Please try again in a moment.', 1);
  }
  return workers.run({ password, hash });
}

/** Stops the threads (server shutdown, end of a test). */
export async function closePasswordPool(): Promise<void> {
  const closing = pool;
  pool = null;
  if (closing) await closing.destroy();
}
