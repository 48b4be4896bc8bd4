/**
 * The response cache (src/edge/response-cache.ts) with its store (src/edge/copy-store.ts), on their own: what is
 * kept and for how long, how a request finds its copy, what the edge answers from it, and the one render of a page.
 */
import { EventEmitter } from 'events';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'http';
import zlib from 'zlib';
import { createCopyStore, type Copy } from '../src/edge/copy-store';
import { createResponseCache, replyOf, type Keepable } from '../src/edge/response-cache';
import { bumpContentVersion } from '../src/utils/content-version';

// One instance on SQLite: the content version lives in the process.
beforeAll(() => {
  (globalThis as unknown as { strapi: unknown }).strapi = { db: { config: { connection: { client: 'sqlite' } } } };
});

const request = (headers: Record<string, string> = {}) => ({ headers, method: 'GET', socket: {} }) as unknown as IncomingMessage;

/** A response the chain sends: its headers, then 'finish'. */
function response(status: number, headers: OutgoingHttpHeaders) {
  const res = Object.assign(new EventEmitter(), {
    statusCode: status,
    getHeaders: () => headers,
    getHeader: (name: string) => headers[name],
    hasHeader: (name: string) => headers[name] !== undefined,
  });
  return { res: res as unknown as ServerResponse, finish: () => res.emit('finish') };
}

const SHARED = {
  'cache-control': 'public, max-age=10, s-maxage=300',
  etag: 'W/"abc"',
  'content-type': 'application/json; charset=utf-8',
  vary: 'Accept-Encoding',
};
const answer = (extra: Partial<Keepable> = {}): Keepable => ({
  identity: Buffer.from('{"ok":true}'),
  etag: 'W/"abc"',
  tags: ['blog'],
  route: '/api/blog',
  content: true,
  lifetime: 300,
  ...extra,
});

function setUp() {
  const store = createCopyStore({ pagesMb: 1, answersMb: 1 });
  const cache = createResponseCache(store);
  cache.name('reads', (path) => (path.startsWith('/api/') ? path : null));
  /** The chain answers `url` (as the edge passed it on), and the cache may keep it. */
  const chainAnswers = (url: string, status: number, headers: OutgoingHttpHeaders, kept: Keepable = answer()) => {
    const req = request();
    expect(cache.find(req, url, '')).toBeNull();
    const { res, finish } = response(status, headers);
    cache.keep({ req, res }, url, kept);
    finish();
  };
  return { store, cache, chainAnswers };
}

describe('what is kept', () => {
  it('a shareable 200 is sent by the edge next time, with its header lines, a 304 or the body the client accepts', () => {
    const { cache, chainAnswers } = setUp();
    chainAnswers('/api/blog', 200, SHARED);
    const copy = cache.find(request(), '/api/blog', '') as Copy;
    expect(copy).not.toBeNull();
    const plain = replyOf(request(), copy);
    expect(plain.status).toBe(200);
    expect(plain.body?.toString()).toBe('{"ok":true}');
    expect(plain.lines).toEqual(expect.arrayContaining(['cache-control', SHARED['cache-control'], 'content-length', '11']));
    const notModified = replyOf(request({ 'if-none-match': 'W/"abc"' }), copy);
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeUndefined();
    expect(notModified.lines).toEqual(['cache-control', SHARED['cache-control'], 'etag', 'W/"abc"', 'vary', 'Accept-Encoding']);
  });

  it.each([
    ['a private answer', 200, { ...SHARED, 'cache-control': 'private, no-store' }],
    ['an answer that sets a cookie', 200, { ...SHARED, 'set-cookie': ['a=b'] }],
    ['a cross-origin grant', 200, { ...SHARED, 'access-control-allow-origin': 'https://other.example' }],
    ['an error', 500, SHARED],
  ])('%s is never kept', (_what, status, headers) => {
    const { cache, chainAnswers } = setUp();
    chainAnswers('/api/blog', status, headers);
    expect(cache.find(request(), '/api/blog', '')).toBeNull();
  });

  it('a body of 1 KB or more gets its brotli and gzip copies, made off the event loop', async () => {
    const { cache, chainAnswers } = setUp();
    const body = Buffer.from(JSON.stringify({ items: 'x'.repeat(4000) }));
    chainAnswers('/api/news', 200, SHARED, answer({ identity: body }));
    let copy: Copy | null = null;
    for (let i = 0; i < 100 && !copy; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      copy = cache.find(request(), '/api/news', '') as Copy | null;
    }
    const br = replyOf(request({ 'accept-encoding': 'gzip, br' }), copy!);
    expect(br.lines).toEqual(expect.arrayContaining(['content-encoding', 'br']));
    expect(zlib.brotliDecompressSync(br.body!).equals(body)).toBe(true);
    const gz = replyOf(request({ 'accept-encoding': 'gzip' }), copy!);
    expect(zlib.gunzipSync(gz.body!).equals(body)).toBe(true);
  });
});

describe('how long', () => {
  it('content: until the content changes, also when it changed while the chain was answering', async () => {
    const { cache, chainAnswers } = setUp();
    chainAnswers('/api/blog', 200, SHARED);
    await bumpContentVersion();
    expect(cache.find(request(), '/api/blog', '')).toBeNull();
    // Passed on under this version; the content changes before the answer is out: the copy is stale at once.
    const req = request();
    expect(cache.find(req, '/api/blog', '')).toBeNull();
    const { res, finish } = response(200, SHARED);
    cache.keep({ req, res }, '/api/blog', answer());
    await bumpContentVersion();
    finish();
    expect(cache.find(request(), '/api/blog', '')).toBeNull();
  });

  it('not content (a board): whatever the content, for its lifetime, or until its tag is dropped', async () => {
    const { cache, chainAnswers } = setUp();
    const board = answer({ content: false, lifetime: 5, tags: ['board'] });
    chainAnswers('/api/leaderboard', 200, SHARED, board);
    await bumpContentVersion();
    expect(cache.find(request(), '/api/leaderboard', '')).not.toBeNull();
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 5001);
    expect(cache.find(request(), '/api/leaderboard', '')).toBeNull();
    clock.mockRestore();
    chainAnswers('/api/leaderboard/seasons/2024-01-01', 200, SHARED, board);
    chainAnswers('/api/blog', 200, SHARED);
    cache.drop(['board']);
    expect(cache.find(request(), '/api/leaderboard/seasons/2024-01-01', '')).toBeNull();
    expect(cache.find(request(), '/api/blog', '')).not.toBeNull();
  });
});

describe('naming', () => {
  it('a rule that needs a read answers later; the first rule that names the request wins', async () => {
    const { cache, chainAnswers } = setUp();
    chainAnswers('/api/blog', 200, SHARED);
    cache.name('slow', (path) => Promise.resolve(path === '/later' ? '/api/blog' : null));
    const found = cache.find(request(), '/later', '');
    expect(found).toBeInstanceOf(Promise);
    expect(await found).not.toBeNull();
    expect(cache.find(request(), '/api/blog', '')).not.toBeNull();
  });
});

describe('pages', () => {
  it('one render for the misses of one address; the chain and then the edge send that one copy', async () => {
    const { store, cache } = setUp();
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { status: 200, html: '<html>about</html>' };
    };
    const [a, b] = await Promise.all([cache.fillPage('/about', ['site'], render), cache.fillPage('/about', ['site'], render)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    expect(await cache.page('/about')).toBe(a);
    expect(zlib.brotliDecompressSync(a.br!).toString()).toBe('<html>about</html>');
    expect(store.stats().pages).toEqual({ entries: 1, bytes: expect.any(Number) });
    // Not sent by the edge until the chain has sent it once (its header lines).
    expect(cache.find(request(), '/api/about', '')).toBeNull();
  });

  it('a render refused at once (the instance is overloaded) is not shared with the next request', async () => {
    const { cache } = setUp();
    const refuse = () => {
      throw Object.assign(new Error('busy'), { status: 503 });
    };
    await expect(cache.fillPage('/about', ['site'], refuse)).rejects.toThrow('busy');
    const page = await cache.fillPage('/about', ['site'], async () => ({ status: 200, html: 'about' }));
    expect(page.status).toBe(200);
  });

  it('a render the caller does not keep (a 404 under its own address) is answered but not kept', async () => {
    const { store, cache } = setUp();
    const page = await cache.fillPage(
      '/runs/none',
      ['site'],
      async () => ({ status: 404, html: 'missing' }),
      (made) => made.status === 200,
    );
    expect(page.status).toBe(404);
    expect(store.stats().pages.entries).toBe(0);
  });
});

describe('the store', () => {
  it('pages and other answers each have their own budget: a flood of one never pushes out the other', () => {
    const store = createCopyStore({ pagesMb: 1, answersMb: 1 });
    const copy = (page: boolean, bytes: number): Copy => ({
      status: 200,
      identity: Buffer.alloc(bytes),
      br: null,
      gzip: null,
      etag: 'x',
      lastModified: null,
      version: 1,
      expiresAt: Infinity,
      tags: [],
      route: 'site',
      page,
      lines: null,
    });
    store.set('/about', copy(true, 1000));
    for (let i = 0; i < 100; i += 1) store.set(`/api/read-${i}`, copy(false, 100_000));
    expect(store.get('/about')).toBeDefined();
    expect(store.stats().bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(store.stats().pages.entries).toBe(1);
  });
});
