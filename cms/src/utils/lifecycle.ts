/**
 * Graceful shutdown. Strapi's own signal handler tears the server down at once, cutting the requests
 * in flight; this one, on SIGTERM or SIGINT:
 * 1. reports not-ready (/_ready answers 503) at once, runs the onShutdown hooks (the live streams close, with
 *    a hint to connect again elsewhere), and stops accepting connections a second later;
 * 2. lets the requests in flight finish, up to SHUTDOWN_TIMEOUT_MS (default 25 s, inside the usual
 *    30 s a container is given), then closes idle keep-alive connections;
 * 3. destroys Strapi (the database pool, the worker threads) and exits 0, also as a container's PID 1.
 */
import type { Core } from '@strapi/strapi';
import { setting } from './settings';

let shuttingDown = false;
export const isShuttingDown = () => shuttingDown;

/** Work done first on the signal, before the wait for requests in flight (e.g. closing the live streams). */
const firstOnShutdown: Array<() => void> = [];
export const onShutdown = (hook: () => void) => firstOnShutdown.push(hook);

function shutdownTimeoutMs(): number {
  return setting('SHUTDOWN_TIMEOUT_MS');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * After the signal the instance still accepts connections for this long (answering each with
 * Connection: close): a load balancer following /_ready stops sending within its check interval, and
 * connections already on their way (in the listen queue) are served instead of reset by a closed socket.
 */
const SETTLE_MS = 1000;

export function installGracefulShutdown(strapi: Core.Strapi) {
  const server = strapi.server.httpServer;
  let inFlight = 0;
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
    });
  });

  const shutDown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    const started = Date.now();
    const deadline = started + shutdownTimeoutMs();
    strapi.log.info(`${signal}: shutting down (${inFlight} request(s) in flight)`, { type: 'shutdown', signal, inFlight });
    for (const hook of firstOnShutdown) hook();
    // Answers from now on close their connections (request-context sets Connection: close).
    await sleep(Math.min(SETTLE_MS, shutdownTimeoutMs()));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    while (inFlight > 0 && Date.now() < deadline) await sleep(25);
    // Keep-alive connections with no request left: close them, and wait for the last answers to go out.
    server.closeIdleConnections();
    await Promise.race([closed, sleep(Math.max(0, deadline - Date.now()))]);
    if (inFlight > 0)
      strapi.log.warn(`shutdown: ${inFlight} request(s) still running after ${shutdownTimeoutMs()} ms were cut off`, { type: 'shutdown', cut: inFlight });
    server.closeAllConnections();
    strapi.log.info(`shutdown: requests done in ${Date.now() - started} ms; closing the database and the worker threads`, { type: 'shutdown' });
    try {
      await strapi.destroy();
    } catch (error) {
      strapi.log.error(`shutdown: ${(error as Error).message}`, { type: 'shutdown' });
    }
    process.exit(0);
  };

  // Replaces Strapi's handlers (which destroy the server at once).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void shutDown(signal));
  }
}
