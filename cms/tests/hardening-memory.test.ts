/**
 * Bounded memory: nothing a client sends grows the server's memory without a bound.
 * - 3,000 sign-ins, each with a new 1 MB username, leave the heap where it was (before, every name
 *   stayed a key of the sign-in limiter until the process ran out of memory);
 * - the limiter's memory store keeps a fixed number of fixed-size keys whatever the keys are, and a
 *   flood of fresh keys never resets a key that is being limited.
 */
import type { AddressInfo } from 'net';
import v8 from 'v8';
import vm from 'vm';
import { Worker } from 'worker_threads';
import { MemoryCounterStore, createLoginLimiter } from '../src/utils/rate-limit';
import { withTestApp } from './helpers/strapi';

v8.setFlagsFromString('--expose-gc');
const gc: () => void = vm.runInNewContext('gc');
const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const MB = 1024 * 1024;

describe('the memory counter store', () => {
  it('holds a fixed number of hashed keys, whatever their number and size', async () => {
    const store = new MemoryCounterStore(() => 1_000_000, 1000);
    const before = heapAfterGc();
    const big = 'k'.repeat(64 * 1024);
    for (let i = 0; i < 5000; i++) await store.hit(`${i}:${big}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(2000);
    // 5,000 keys of 64 KB would be 320 MB kept; the store keeps 43 characters per key.
    expect(heapAfterGc() - before).toBeLessThan(16 * MB);
  });

  it('a flood of fresh keys never resets a key that is being limited', async () => {
    let clock = 1_000_000;
    const store = new MemoryCounterStore(() => clock, 100);
    for (let i = 0; i < 6; i++) await store.hit('victim', 60_000);
    for (let i = 0; i < 10_000; i++) await store.hit(`fresh-${i}`, 60_000);
    expect(store.size).toBeLessThanOrEqual(200);
    clock += 1000;
    expect(await store.get('victim', 60_000)).toEqual({ count: 6, resetInMs: 59_000 });
    expect((await store.hit('victim', 60_000)).count).toBe(7);
  });

  it('when the held keys fill it, a new key is refused (fail closed) rather than pushing one out', async () => {
    let clock = 1_000_000;
    const store = new MemoryCounterStore(() => clock, 10);
    for (let i = 0; i < 10; i++) {
      await store.hit(`held-${i}`, 60_000);
      await store.hit(`held-${i}`, 60_000);
    }
    await store.hit('newcomer', 60_000);
    expect((await store.hit('newcomer', 60_000)).count).toBeGreaterThan(1_000_000);
    for (let i = 0; i < 10; i++) expect((await store.get(`held-${i}`, 60_000)).count).toBe(2);
    // Once their windows end, room is made again.
    clock += 60_001;
    await store.hit('newcomer', 60_000);
    expect((await store.hit('newcomer', 60_000)).count).toBe(2);
  });

  it('a sign-in pair limited before a flood of other names and addresses stays limited', async () => {
    const store = new MemoryCounterStore(Date.now, 200);
    const limiter = createLoginLimiter(
      'flood',
      { maxPerUsernameIp: 3, maxPerIp: 50, slowAfterPerUsername: 1000, slowStepMs: 1, slowMaxMs: 1, windowMs: 60_000 },
      () => store,
    );
    for (let i = 0; i < 3; i++) await limiter.reserve('1.1.1.1', 'nurse');
    expect((await limiter.reserve('1.1.1.1', 'nurse')).limited).toBe(true);
    for (let i = 0; i < 5000; i++) await limiter.reserve(`10.0.${i >> 8}.${i & 255}`, `name${i}`);
    expect(store.size).toBeLessThanOrEqual(400);
    expect((await limiter.reserve('1.1.1.1', 'nurse')).limited).toBe(true);
  });
});

describe('3,000 sign-ins with a new 1 MB username each', () => {
  const app = withTestApp({}, { listen: true });

  it('are refused, and the heap does not grow with them', async () => {
    const xsrf = await app.http.xsrfToken();
    const { port } = app.strapi.server.httpServer.address() as AddressInfo;
    // Warm the route once, then measure.
    await app.http.post('/api/auth/login', { username: 'warm', password: 'x' });
    const before = heapAfterGc();
    // The client runs on a worker thread with its own heap: only the server's memory is measured.
    const worker = new Worker(
      `const http = require('http');
       const { parentPort, workerData } = require('worker_threads');
       const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
       const head = Buffer.from('{"username":"'), tail = Buffer.from('","password":"Wrong!Pass1"}');
       const send = (i) => new Promise((resolve) => {
         const name = Buffer.alloc(1000000, 'u');
         name.write(String(i).padStart(8, '0'));
         const body = Buffer.concat([head, name, tail]);
         let status = 0;
         const req = http.request({ host: '127.0.0.1', port: workerData.port, path: '/api/auth/login', method: 'POST', agent,
           headers: { 'Content-Type': 'application/json', 'Content-Length': body.length, Cookie: workerData.cookie, 'X-XSRF-TOKEN': workerData.xsrf } },
           (res) => { status = res.statusCode; res.resume(); res.on('end', () => resolve(status)); });
         req.on('error', () => resolve(status || -1));
         req.end(body);
       });
       (async () => {
         const statuses = [];
         let next = 0;
         await Promise.all(Array.from({ length: 8 }, async () => { while (next < 3000) statuses.push(await send(next++)); }));
         agent.destroy();
         parentPort.postMessage(statuses);
       })();`,
      { eval: true, workerData: { port, xsrf, cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}` } },
    );
    const statuses = await new Promise<number[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(statuses).toHaveLength(3000);
    expect(statuses.filter((status) => status >= 400 && status < 500)).toHaveLength(3000);
    const grown = heapAfterGc() - before;
    // 3,000 names of 1 MB: kept, they would be 3 GB (before, the process died of it).
    expect(grown).toBeLessThan(32 * MB);
    // And the server still answers.
    expect((await app.http.get('/_health')).status).toBe(204);
  }, 240_000);
});
