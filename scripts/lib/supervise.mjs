// Keeps a server process running: when it dies without being asked to stop (a crash, out of memory),
// it is started again after a pause that doubles with each quick death (1 s, 2 s, 4 s ... at most
// 30 s) and starts again from 1 s once a run has lasted a minute. SIGINT/SIGTERM stop it for good.
import { log } from './process.mjs';

export const RESTART_BACKOFF = { firstMs: 1000, maxMs: 30_000, stableAfterMs: 60_000 };

/**
 * Runs `start()` (which returns a ChildProcess) and restarts it when it exits on its own.
 * `onExit(code)` is called once the supervisor stops (after a signal): the caller exits with it.
 * Returns { current(): the running child, stop(signal) }.
 */
export function supervise(start, { onExit, backoff = RESTART_BACKOFF, say = log } = {}) {
  let child;
  let stopping = false;
  let delayMs = backoff.firstMs;
  let timer = null;

  const launch = () => {
    timer = null;
    const startedAt = Date.now();
    child = start();
    child.on('exit', (code, signal) => {
      if (stopping) return onExit?.(code ?? 0);
      if (Date.now() - startedAt >= backoff.stableAfterMs) delayMs = backoff.firstMs;
      say(`The server stopped unexpectedly (${signal ?? `exit code ${code}`}); starting it again in ${delayMs / 1000} s.`);
      timer = setTimeout(launch, delayMs);
      delayMs = Math.min(backoff.maxMs, delayMs * 2);
    });
  };
  launch();

  return {
    current: () => child,
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) {
        clearTimeout(timer);
        return onExit?.(0);
      }
      if (child.exitCode !== null || child.signalCode !== null) return onExit?.(child.exitCode ?? 0);
      child.kill(signal);
    },
  };
}
