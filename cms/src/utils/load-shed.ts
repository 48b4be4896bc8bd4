/**
 * Load shedding: when the event loop lags, work that would take the loop (or a worker) for long (a page
 * render, a password hash, a game replay) is refused at once with 503 and Retry-After, so that what is
 * cheap (cached pages, /_health, static files) keeps flowing and the backlog drains.
 * The lag is read by a timer that should fire every SAMPLE_MS: how late it fires is how long the loop
 * was busy. Samples are smoothed (each weighs SMOOTHING), so one pause (a garbage collection, a module
 * loaded on first use) is not overload, a loop that stays busy is. The instance counts as overloaded
 * while the smoothed lag was over LOAD_SHED_LAG_MS within the last LOAD_SHED_HOLD_MS.
 * The edge also admits at most LOAD_SHED_CONCURRENCY requests of the API, GraphQL and the site
 * into the middleware chain at once, one while the loop lags (admissionSettings): the rest wait in order (let in one per turn of the loop), at most LOAD_SHED_QUEUE
 * of them and at most LOAD_SHED_WAIT_MS each, so that a flood of any one kind of request never holds
 * more of the event loop than those few requests take.
 * LOAD_SHED_LAG_MS=0 switches shedding off (and the admission limit with it).
 */
import { serviceUnavailable } from './api-error';
import { loadShedRefusals } from './metrics';
import { setting } from './settings';

const SAMPLE_MS = 10;
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
const SMOOTHING = 0.3;

let lagOverAt = -Infinity;
let smoothedLag = 0;
let sampler: NodeJS.Timeout | null = null;
let settings: { lagMs: number; holdMs: number } | null = null;

function config() {
  settings ??= { lagMs: setting('LOAD_SHED_LAG_MS'), holdMs: setting('LOAD_SHED_HOLD_MS') };
  return settings;
}

/** How the edge admits requests into the middleware chain (edge/admission.ts); null when shedding is off. */
export function admissionSettings(): { concurrency: number; queue: number; waitMs: number } | null {
  if (config().lagMs === 0) return null;
  return {
    // A few: on SQLite a request's work runs without a break, so each one in the chain can hold /_health that long.
    concurrency: Math.max(1, setting('LOAD_SHED_CONCURRENCY')),
    queue: setting('LOAD_SHED_QUEUE'),
    waitMs: Math.max(1, setting('LOAD_SHED_WAIT_MS')),
  };
}

/** Seconds a refused client is asked to wait (Retry-After). */
export const retryAfterSeconds = () => Math.max(1, Math.ceil(config().holdMs / 1000));

/** Starts the lag sampler (once; it does not keep the process alive). */
export function startLagMonitor(): void {
  if (sampler || config().lagMs === 0) return;
  let expected = performance.now() + SAMPLE_MS;
  sampler = setInterval(() => {
    const now = performance.now();
    smoothedLag = smoothedLag * (1 - SMOOTHING) + Math.max(0, now - expected) * SMOOTHING;
    if (smoothedLag > config().lagMs) lagOverAt = now;
    expected = now + SAMPLE_MS;
  }, SAMPLE_MS);
  sampler.unref();
}

export function stopLagMonitor(): void {
  if (sampler) clearInterval(sampler);
  sampler = null;
  settings = null;
  lagOverAt = -Infinity;
  smoothedLag = 0;
}

/** Whether expensive work should be refused now. */
export function isOverloaded(): boolean {
  const { lagMs, holdMs } = config();
  if (lagMs === 0) return false;
  startLagMonitor();
  return performance.now() - lagOverAt < holdMs;
}

/** Throws the 503 (Retry-After) when overloaded; `work` names what was refused (the metric's label). */
export function shedIfOverloaded(work: 'render' | 'password' | 'replay'): void {
  if (!isOverloaded()) return;
  loadShedRefusals.inc({ work });
  throw serviceUnavailable(BUSY_MESSAGE, retryAfterSeconds());
}
