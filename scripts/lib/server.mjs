// Serving the built CMS and waiting for it.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { CMS_DIR, ROOT } from './paths.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, { timeoutMs = 120000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The server's V8 heap: at most 384 MB of old space (every cache of the server is bounded well under it),
 * and an 8 MB semi-space. Without a cap V8 lets garbage pile up to a share of the machine's memory
 * before it collects, so a flood of requests grows the process by hundreds of MB. The Dockerfile sets
 * the same; NODE_OPTIONS given by the caller come after these and win.
 */
export const SERVER_HEAP_FLAGS = '--max-old-space-size=384 --max-semi-space-size=8';

/** Starts the built CMS (which also serves the site) the way `npm start` does. */
export function startCms({ env = {}, stdio = 'inherit' } = {}) {
  const given = env.NODE_OPTIONS ?? process.env.NODE_OPTIONS;
  return spawn(process.execPath, [path.join(ROOT, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    cwd: CMS_DIR,
    stdio,
    env: { NODE_ENV: 'production', ...process.env, ...env, NODE_OPTIONS: given ? `${SERVER_HEAP_FLAGS} ${given}` : SERVER_HEAP_FLAGS },
  });
}
