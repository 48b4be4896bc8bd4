/**
 * Admission into the middleware chain (src/edge/admission.ts), on its own: how many requests run in the chain at
 * once, the order the rest wait in (one let in per turn of the event loop), and who is refused and when.
 */
import { EventEmitter } from 'events';
import type { IncomingMessage, ServerResponse } from 'http';
import { createAdmission } from '../src/edge/admission';

/** A request and its response as admission sees them: the response closes when told. */
function request(name: string) {
  const res = Object.assign(new EventEmitter(), { destroyed: false, name }) as unknown as ServerResponse & { name: string };
  const req = { socket: { destroyed: false } } as unknown as IncomingMessage;
  return { req, res, close: () => (res as unknown as EventEmitter).emit('close') };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

function setUp({ concurrency = 2, queue = 2, waitMs = 60_000, overloaded = false, waits = (_path: string): boolean => true } = {}) {
  const handed: string[] = [];
  const refused: string[] = [];
  const state = { overloaded };
  const admission = createAdmission({
    settings: { concurrency, queue, waitMs },
    isOverloaded: () => state.overloaded,
    waitsItsTurn: waits,
    handOver: (_req, res) => handed.push((res as unknown as { name: string }).name),
    refuse: (_req, res) => refused.push((res as unknown as { name: string }).name),
  });
  const admit = (name: string, path = '/api/blog') => {
    const r = request(name);
    admission.admit(r.req, r.res, process.hrtime.bigint(), path);
    return r;
  };
  return { admit, handed, refused, state };
}

it('lets LOAD_SHED_CONCURRENCY requests in, one per turn of the event loop, and the next one as one leaves', async () => {
  const { admit, handed } = setUp({ concurrency: 2, queue: 10 });
  const a = admit('a');
  admit('b');
  admit('c');
  expect(handed).toEqual([]);
  await turn();
  expect(handed).toEqual(['a']);
  await turn();
  expect(handed).toEqual(['a', 'b']);
  await turn();
  expect(handed).toEqual(['a', 'b']);
  a.close();
  await turn();
  expect(handed).toEqual(['a', 'b', 'c']);
});

it('refuses at once a request that would wait behind LOAD_SHED_QUEUE others', async () => {
  const { admit, handed, refused } = setUp({ concurrency: 1, queue: 2 });
  admit('a');
  await turn();
  admit('b');
  admit('c');
  admit('d');
  expect(refused).toEqual(['d']);
  expect(handed).toEqual(['a']);
});

it('refuses a request whose turn comes after LOAD_SHED_WAIT_MS, and one that left is skipped', async () => {
  const { admit, handed, refused } = setUp({ concurrency: 1, queue: 10, waitMs: 20 });
  const a = admit('a');
  await turn();
  const gone = admit('gone');
  (gone.res as unknown as { destroyed: boolean }).destroyed = true;
  admit('late');
  await new Promise((resolve) => setTimeout(resolve, 40));
  admit('fresh');
  a.close();
  await turn();
  await turn();
  expect(refused).toEqual(['late']);
  expect(handed).toEqual(['a', 'fresh']);
});

it('while the event loop lags: one at a time, and a request that finds the chain full is refused at once', async () => {
  const { admit, handed, refused, state } = setUp({ concurrency: 4, queue: 10 });
  state.overloaded = true;
  admit('a');
  await turn();
  admit('b');
  expect(handed).toEqual(['a']);
  expect(refused).toEqual(['b']);
});

it('paths that never wait, and everything when shedding is off, go straight in', () => {
  const { admit, handed } = setUp({ waits: (path) => path.startsWith('/api/') });
  admit('file', '/assets/index.js');
  expect(handed).toEqual(['file']);
  const handedOff: string[] = [];
  const off = createAdmission({
    settings: null,
    isOverloaded: () => true,
    waitsItsTurn: () => true,
    handOver: (_req, res) => handedOff.push((res as unknown as { name: string }).name),
    refuse: () => undefined,
  });
  const r = request('any');
  off.admit(r.req, r.res, process.hrtime.bigint(), '/api/blog');
  expect(handedOff).toEqual(['any']);
});
