// Several CMS instances on one PostgreSQL behind a round-robin proxy on loopback: the pieces the
// scale test and the scale benchmark share.
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort, waitForHttp } from '../../scripts/lib/server.mjs';

/** A password with every character that breaks a hand-built URL. */
export const DB_PASSWORD = 'p/w#1?x@y:z%2F+=';

export function instanceEnv({ pgPort, port, extra = {} }) {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    ENV_PATH: path.join(ROOT, 'tests', '.no-env'),
    DATABASE_CLIENT: 'postgres',
    DATABASE_HOST: '127.0.0.1',
    DATABASE_PORT: String(pgPort),
    DATABASE_NAME: 'haic',
    DATABASE_USERNAME: 'haic',
    DATABASE_PASSWORD: DB_PASSWORD,
    APP_KEYS: 'scaleKeyA,scaleKeyB',
    API_TOKEN_SALT: 'scale-api-token-salt',
    ADMIN_JWT_SECRET: 'scale-admin-jwt-secret',
    TRANSFER_TOKEN_SALT: 'scale-transfer-token-salt',
    JWT_SECRET: 'scale-jwt-secret',
    ENCRYPTION_KEY: 'scale-encryption-key-0123456789abcdef',
    RUN_TICKET_SECRET: 'scale-run-ticket-secret-0123456789',
    TELEGRAM_WEBHOOK_SECRET: 'scale-telegram-secret',
    ADMIN_USERNAME: 'scaleadmin',
    ADMIN_PASSWORD: 'ScaleAdm1n!pass',
    PANEL_ADMIN_EMAIL: 'ops@scale.test',
    PANEL_ADMIN_PASSWORD: 'ScalePanel1!pass',
    CRON_ENABLED: 'false',
    ...extra,
  };
}

/** Starts one instance the way the production image does (seed/dist/serve.js: one boot, seed, serve). */
export async function startInstance({ pgPort, extra, name }) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'seed/dist/serve.js')], {
    cwd: ROOT,
    env: { ...process.env, ...instanceEnv({ pgPort, port, extra }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const instance = { name, port, child, base: `http://127.0.0.1:${port}`, output: () => output };
  instance.ready = waitForHttp(`${instance.base}/_health`, { child, timeoutMs: 240000 }).catch((error) => {
    throw new Error(`${name}: ${error.message}\n${output.slice(-4000)}`);
  });
  return instance;
}

export function stopInstance(instance, signal = 'SIGTERM') {
  if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.child.once('exit', resolve);
    instance.child.kill(signal);
  });
}

/** The methods a proxy may send again after a connection error: reading twice changes nothing. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A round-robin HTTP proxy over the given instances. An instance that refuses a connection is
 * skipped for a while and the request goes to the next one (nothing reached the dead one, so this
 * is safe for writes too); a read sent on a kept-alive connection the instance had just closed is sent
 * again; any other request an instance accepted and then dropped gets a 502, as from any real load
 * balancer. With `readyPath`, it also follows each instance's readiness (polled every
 * 100 ms): an instance that is not ready gets no new requests. `instances` may change while it runs
 * (a rolling restart adds and removes them).
 */
export async function startProxy(instances, { port: wantedPort, readyPath } = {}) {
  let next = 0;
  const downUntil = new Map();
  const notReady = new Set();
  const poll = readyPath
    ? setInterval(() => {
        for (const instance of instances) {
          fetch(`http://127.0.0.1:${instance.port}${readyPath}`, { signal: AbortSignal.timeout(1000) })
            .then((response) => (response.ok ? notReady.delete(instance) : notReady.add(instance)))
            .catch(() => notReady.add(instance));
        }
      }, 100)
    : null;
  const pick = (tried) => {
    for (let i = 0; i < instances.length; i++) {
      const candidate = instances[(next + i) % instances.length];
      if (tried.has(candidate) || notReady.has(candidate) || (downUntil.get(candidate) ?? 0) > Date.now()) continue;
      next = (instances.indexOf(candidate) + 1) % instances.length;
      return candidate;
    }
    return instances.find((candidate) => !tried.has(candidate)) ?? null;
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set();
      let resent = false;
      const attempt = () => {
        const target = pick(tried);
        if (!target) {
          res.writeHead(503).end('no instance available');
          return;
        }
        tried.add(target);
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress },
            agent,
          },
          (response) => {
            res.writeHead(response.statusCode, { ...response.headers, 'x-served-by': target.name });
            response.pipe(res);
          },
        );
        upstream.on('error', (error) => {
          if (res.headersSent) return res.destroy();
          if (error.code === 'ECONNREFUSED') {
            downUntil.set(target, Date.now() + 2000);
            return attempt();
          }
          // A kept-alive connection the instance closed as it was reused (its idle timeout): a read is sent again
          // on a new connection, once, as a load balancer does (nginx's proxy_next_upstream error, which does not
          // resend a POST either: it may have arrived).
          if (upstream.reusedSocket && error.code === 'ECONNRESET' && IDEMPOTENT.has(req.method) && !resent) {
            resent = true;
            tried.delete(target);
            return attempt();
          }
          res.writeHead(502).end(`upstream ${target.name}: ${error.code || error.message}`);
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  const port = wantedPort || (await freePort());
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        if (poll) clearInterval(poll);
        agent.destroy();
        server.close(resolve);
        server.closeAllConnections?.();
      }),
  };
}

/** The first panel Super Admin's token: signs in, or registers when the panel has no account yet. */
export async function panelToken(base, env) {
  const credentials = { email: env.PANEL_ADMIN_EMAIL, password: env.PANEL_ADMIN_PASSWORD };
  let response = await fetch(`${base}/admin/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(credentials) });
  if (!response.ok) {
    response = await fetch(`${base}/admin/register-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...credentials, firstname: 'Ops', lastname: 'Scale' }),
    });
  }
  const json = await response.json();
  const token = json?.data?.token ?? json?.data?.accessToken;
  if (!token) throw new Error(`no panel token: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
  return token;
}
