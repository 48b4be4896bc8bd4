#!/usr/bin/env node
// Sign-in burst benchmark: 100 parallel wrong sign-ins from one address against the built CMS (its own
// process, seeded like `npm start`), while /_health is probed every 5 ms. Prints how many passwords
// were compared (401) and refused (429), and the probes' latency (median, p95, max) against the bar:
// /_health within 100 ms during the burst. Figures only: nothing passes or fails.
//
//   npm run build && node tests/perf/login-burst.mjs
import { startBenchServer } from './lib.mjs';

const BURST = Number(process.env.BURST || 100);
const server = await startBenchServer({ env: { LOGIN_RATE_LIMIT_MAX: '5', LOGIN_RATE_LIMIT_IP_MAX: '50' } });
const base = server.baseURL;

try {
  const cookie = (await fetch(`${base}/api/xsrf`)).headers
    .getSetCookie()
    .find((c) => c.startsWith('XSRF-TOKEN='))
    .split(';')[0];
  const xsrf = decodeURIComponent(cookie.slice('XSRF-TOKEN='.length));
  const headers = { 'Content-Type': 'application/json', Cookie: cookie, 'X-XSRF-TOKEN': xsrf };
  const signIn = (body, route = '/api/auth/login') =>
    fetch(`${base}${route}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(async (r) => (await r.arrayBuffer(), r.status));
  // The password threads start with the first comparison, as on a server that has been running.
  await signIn({ username: 'perfadmin', password: 'PerfAdminPass1!', captchaToken: 'x' }, '/api/admin/login');

  const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  async function burst(name, route, body) {
    let done = false;
    const probes = [];
    const poll = (async () => {
      while (!done) {
        const started = performance.now();
        await fetch(`${base}/_health`).then((r) => r.arrayBuffer());
        probes.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: BURST }, (_, i) => signIn(body(i), route)));
    const ms = performance.now() - started;
    done = true;
    await poll;
    const sorted = probes.sort((a, b) => a - b);
    const count = (status) => statuses.filter((s) => s === status).length;
    console.log(
      `${name.padEnd(34)} ${String(count(401)).padStart(3)} compared (401), ${String(count(429)).padStart(3)} refused (429) in ${ms.toFixed(0)} ms; ` +
        `/_health x${sorted.length}: median ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms (bar: 100 ms)`,
    );
  }

  console.log(`${BURST} parallel wrong sign-ins from one address (limits: 5 per username and address, 50 per address):`);
  await burst('one username (site sign-in)', '/api/auth/login', () => ({ username: 'perfadmin', password: 'Wrong!Pass1' }));
  await burst(`${BURST} usernames (admin sign-in)`, '/api/admin/login', (i) => ({ username: `guess${i}`, password: 'Wrong!Pass1', captchaToken: 'x' }));
} finally {
  server.stop();
}
