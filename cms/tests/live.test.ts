/**
 * GET /api/live, the stream of public events, on a listening server (SQLite: one instance raises and
 * delivers its own events; the PostgreSQL check and the scale test carry them across instances).
 * Behind a trusted proxy here, so that each X-Forwarded-For is a client of its own.
 */
import type { AddressInfo } from 'net';
import { createUser, withTestApp } from './helpers/strapi';
import { openSse, type SseStream } from './helpers/live';
import { storeRun, verifiedSubmission } from './helpers/runs';

const PER_CLIENT = 3;
const MAX_STREAMS = 8;
const app = withTestApp(
  {
    LIVE_STREAMS_PER_CLIENT: String(PER_CLIENT),
    LIVE_MAX_STREAMS: String(MAX_STREAMS),
    TRUST_PROXY: 'true',
    // Admission on (the test default turns load shedding off): a stream must never hold one of its places.
    LOAD_SHED_LAG_MS: '5000',
    LOAD_SHED_CONCURRENCY: '2',
  },
  { xsrf: true, listen: true },
);

const port = () => (app.strapi.server.httpServer.address() as AddressInfo).port;
let nextClient = 0;
/** A stream from a client address of its own (X-Forwarded-For, TRUST_PROXY). */
const open = (headers: Record<string, string> = {}, path?: string, client = `198.51.100.${++nextClient}`) =>
  openSse(port(), { path, headers: { 'X-Forwarded-For': client, ...headers } });
const opened: SseStream[] = [];
const track = async (stream: Promise<SseStream>) => {
  const s = await stream;
  opened.push(s);
  return s;
};
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

const parse = (data: string | undefined) => JSON.parse(data ?? 'null');
let wait = 0;
async function rankedRun(name = `live_${++wait}`) {
  const { user, token } = await createUser(app, name);
  const response = await app.http.post('/api/game/nursehelpme/score', verifiedSubmission(user.id, ++wait), token);
  expect(response.body).toMatchObject({ success: true, verified: true });
  return { user, response, at: Date.now() };
}

describe('GET /api/live', () => {
  it('answers a stream: event-stream, never stored by a cache, not buffered, and the first bytes at once', async () => {
    const stream = await track(open());
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    expect(stream.headers['content-encoding']).toBeUndefined();
    // The first bytes come with the answer, long before the first heartbeat: a retry hint and a comment.
    const first = await stream.next((m) => m.retry !== undefined, 3000);
    expect(first.retry).toBeGreaterThanOrEqual(1000);
    expect(stream.firstBytesMs).not.toBeNull();
  });

  it('sends a comment line within 15 s, so proxies keep the stream open', async () => {
    const stream = await track(open());
    await stream.next((m) => m.retry !== undefined, 3000);
    const opened = Date.now();
    const ping = await stream.next((m) => m.comment === 'ping', 15_500);
    expect(ping.at - opened).toBeLessThanOrEqual(15_000);
  }, 30_000);

  it('sends a board event within a second of a ranked run, naming the periods, the season, the day and the run', async () => {
    const stream = await track(open());
    await stream.next((m) => m.retry !== undefined, 3000);
    const { response, at } = await rankedRun();
    const event = await stream.next((m) => m.event === 'board', 5000);
    expect(event.at - at).toBeLessThan(1000);
    const today = new Date().toISOString().slice(0, 10);
    const data = parse(event.data);
    expect(data).toEqual({
      periods: ['all', 'week', 'day'],
      season: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      day: today,
      runId: response.body.documentId,
      version: Number(event.id),
    });
    expect(new Date(`${data.season}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('sends nothing for an unranked run, nor for a ranked run that is not its player best anywhere', async () => {
    const { user, token } = await createUser(app, `live_unranked_${++wait}`);
    // A first ranked run of 10,000 points stands: a later, lower one changes no board.
    await storeRun(app, { user: user.id }, { totalPoints: 10_000, score: 1000, verified: true });
    const stream = await track(open());
    await stream.next((m) => m.retry !== undefined, 3000);
    const unranked = await app.http.post('/api/game/nursehelpme/score', { ...verifiedSubmission(user.id, ++wait), ticket: undefined }, token);
    expect(unranked.body).toMatchObject({ success: true, verified: false });
    const lower = await app.http.post('/api/game/nursehelpme/score', verifiedSubmission(user.id, ++wait), token);
    expect(lower.body).toMatchObject({ success: true, verified: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stream.events()).toEqual([]);
    // The stream is alive: the next run that changes a board is sent.
    await rankedRun();
    await stream.next((m) => m.event === 'board', 5000);
  });

  it('ids only grow; a client that comes back with Last-Event-ID gets what it missed, in order', async () => {
    const first = await track(open());
    await rankedRun();
    const seen = await first.next((m) => m.event === 'board', 5000);
    first.close();
    await rankedRun();
    await rankedRun();
    const again = await track(open({ 'Last-Event-ID': seen.id! }));
    const missed = await again.next((m) => m.event === 'board', 3000);
    await again.next((m) => m.event === 'board' && m !== missed, 3000);
    const ids = again.events().map((m) => Number(m.id));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(Number(seen.id) + 1);
    expect(ids[1]).toBe(ids[0] + 1);
    expect(again.events().map((m) => parse(m.data).version)).toEqual(ids);
    // The same through the query, for a page that closed its stream itself (an EventSource sets no header).
    const byQuery = await track(open({}, `/api/live?lastEventId=${seen.id}`));
    await byQuery.next((m) => m.event === 'board', 3000);
    await byQuery.next((m) => m.event === 'board' && Number(m.id) === ids[1], 3000);
  });

  it('a Last-Event-ID it cannot serve (unknown, or not one of its ids) gets one refetch event per topic', async () => {
    for (const lastId of ['1', 'not-an-id', '99999999999999999999']) {
      const stream = await track(open({ 'Last-Event-ID': lastId }));
      await stream.next((m) => m.event === 'blog', 3000);
      const events = stream.events();
      expect(events.map((m) => m.event)).toEqual(['board', 'news', 'blog']);
      expect(events.map((m) => parse(m.data).refetch)).toEqual([true, true, true]);
      // Only the last carries an id (the newest), so the client's Last-Event-ID moves on and ids never go back.
      expect(events.map((m) => m.id === undefined)).toEqual([true, true, false]);
      stream.close();
    }
  });

  it('sends a blog event when a post is published, changed or unpublished (never for a draft), and a news event', async () => {
    const stream = await track(open());
    await stream.next((m) => m.retry !== undefined, 3000);
    const posts = app.strapi.documents('api::blog-post.blog-post');
    const draft = await posts.create({
      data: { title: 'Live post', slug: 'live-post', summary: 'Sent as it happens.', authorName: 'Live', publishedDate: '2026-01-05' } as never,
    });
    await posts.update({ documentId: draft.documentId, data: { summary: 'A draft edit.' } as never });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(stream.events()).toEqual([]);
    const blog = (action: string) => (m: { event?: string; data?: string }) => m.event === 'blog' && parse(m.data).action === action;
    await posts.publish({ documentId: draft.documentId });
    expect(parse((await stream.next(blog('published'), 3000)).data)).toMatchObject({ slug: 'live-post', action: 'published' });
    await posts.update({ documentId: draft.documentId, data: { summary: 'Edited.' } as never });
    await posts.publish({ documentId: draft.documentId });
    expect(parse((await stream.next(blog('changed'), 3000)).data)).toMatchObject({ slug: 'live-post', action: 'changed' });
    await posts.unpublish({ documentId: draft.documentId });
    expect(parse((await stream.next(blog('unpublished'), 3000)).data)).toMatchObject({ slug: 'live-post', action: 'unpublished' });

    await app.strapi.db.query('api::news-item.news-item').create({
      data: {
        title: 'Live news',
        description: 'Fresh.',
        url: 'https://example.org/live-news',
        source: 'Wire',
        category: 'health',
        publishedAt: new Date(),
        isActive: true,
      },
    });
    const news = await stream.next((m) => m.event === 'news', 3000);
    expect(Object.keys(parse(news.data))).toEqual(['version']);
  });

  it(`refuses a client's stream past LIVE_STREAMS_PER_CLIENT, and the instance's past LIVE_MAX_STREAMS, with 429 and Retry-After`, async () => {
    const client = '203.0.113.7';
    const mine = [];
    for (let i = 0; i < PER_CLIENT; i++) mine.push(await track(open({}, undefined, client)));
    expect(mine.map((s) => s.status)).toEqual(new Array(PER_CLIENT).fill(200));
    const over = await track(open({}, undefined, client));
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    await over.ended;
    expect(JSON.parse(over.body()).error).toMatchObject({ status: 429, name: 'TooManyRequestsError' });
    // Another address is not counted against this one.
    expect((await track(open())).status).toBe(200);
    // A stream closed frees its place.
    mine[0].close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await track(open({}, undefined, client))).status).toBe(200);

    // Up to the instance's bound, from as many addresses as it takes (one of the client's was closed).
    let streams = PER_CLIENT + 1;
    for (; streams < MAX_STREAMS; streams++) expect((await track(open())).status).toBe(200);
    const full = await track(open());
    expect(full.status).toBe(429);
    expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    // Open streams hold no admission place (2 here) and never refuse the probes or a read.
    expect((await app.http.get('/_health')).status).toBe(204);
    const read = await app.http.get('/api/blog?page=1&pageSize=1');
    expect(read.status).toBe(200);
  });
});

describe('a client that does not read', () => {
  it('has its stream closed once 16 KB wait for it, so its buffer never grows; the others keep theirs', async () => {
    const { EventEmitter } = await import('events');
    const hub = await import('../src/utils/live-hub');
    /** A response whose client reads everything (its buffer stays empty) or nothing (every byte waits). */
    const response = (reads: boolean) =>
      Object.assign(new EventEmitter(), {
        writableLength: 0,
        destroyed: false,
        write(chunk: Buffer | string) {
          if (!reads) this.writableLength += Buffer.byteLength(chunk);
          return reads;
        },
        destroy() {
          this.destroyed = true;
          this.emit('close');
        },
        end() {},
      });
    const slow = response(false);
    const reader = response(true);
    hub.addStream(slow as never, 'slow', null);
    hub.addStream(reader as never, 'reader', null);
    let most = 0;
    for (let id = 1; id <= 1000; id++) {
      hub.deliver({ id, topic: 'blog', data: { slug: `post-${id}`, action: 'published', version: id } });
      most = Math.max(most, slow.writableLength);
    }
    expect(slow.destroyed).toBe(true);
    expect(most).toBeLessThanOrEqual(hub.MAX_BUFFERED_BYTES + 200);
    expect(reader.destroyed).toBe(false);
    expect(hub.openStreamCount()).toBe(1);
    hub.closeAllStreams();
  });
});
