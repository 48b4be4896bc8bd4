/**
 * Graceful shutdown. Strapi's own signal handler tears the server down at once, cutting the requests
 * in flight; this one, on SIGTERM or SIGINT:
 * 1. reports not-ready (/_ready answers 503) and stops accepting connections;
 * 2. lets the requests in flight finish (those still on the wire too), up to SHUTDOWN_TIMEOUT_MS
 *    (default 25 s, inside the usual 30 s a container is given), then closes idle keep-alive connections;
 * 3. destroys Strapi (the database pool, the worker threads) and exits 0, also as a container's PID 1.
 */
import type { Core } from '@strapi/strapi';

let shuttingDown = false;
export const isShuttingDown = () => shuttingDown;

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

function shutdownTimeoutMs(): number {
  const value = Number(process.env.SHUTDOWN_TIMEOUT_MS);
  return Number.isFinite(value) && value >= 0 ? value : DEFAULT_SHUTDOWN_TIMEOUT_MS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Requests already on the wire when the signal comes are read and counted within this time. */
const SETTLE_MS = 500;

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
    // No new connections; answers from now on close theirs (request-context sets Connection: close).
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await sleep(Math.min(SETTLE_MS, shutdownTimeoutMs()));
    while (inFlight > 0 && Date.now() < deadline) await sleep(25);
    // Keep-alive connections with no request left: close them, and wait for the last answers to go out.
    server.closeIdleConnections();
    await Promise.race([closed, sleep(Math.max(0, deadline - Date.now()))]);
    if (inFlight > 0) strapi.log.warn(`shutdown: ${inFlight} request(s) still running after ${shutdownTimeoutMs()} ms were cut off`, { type: 'shutdown', cut: inFlight });
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
