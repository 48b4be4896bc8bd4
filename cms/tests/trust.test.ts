/**
 * Nothing a client claims is taken on trust: its address (X-Forwarded-For from a peer that is no trusted
 * proxy), the site's name (Host, X-Forwarded-Host), a query the cache key and the answer would read apart,
 * and wallet ids nobody issued (which must never fill the limiter's store).
 */
import crypto from 'crypto';
import { startTestApp, type TestApp } from './helpers/strapi';

/** The address the test server was started on (no PUBLIC_URL): the site's links name it. */
const STARTED_ON = 'http://localhost:1337';

describe('with a trusted proxy listed (TRUSTED_PROXIES), the client is no proxy', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The test client (127.0.0.1) is not in the list, which replaces TRUST_PROXY's ranges: it is an outsider
    // talking to the instance directly.
    app = await startTestApp({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.20.30.40, 2001:db8:ffff::/48', LOGIN_RATE_LIMIT_MAX: '2' });
  }, 300_000);
  afterAll(async () => {
    await app.stop();
  });

  it('cannot choose its address with X-Forwarded-For: a fresh entry per attempt still counts as its own address', async () => {
    const xsrf = await app.http.xsrfToken();
    const attempt = (forwardedFor: string) =>
      app.http.agent
        .post('/api/auth/login')
        .set('X-XSRF-TOKEN', xsrf)
        .set('X-Forwarded-For', forwardedFor)
        .send({ username: 'someone', password: 'Wr0ng!Pass' });
    expect((await attempt('198.51.100.1')).status).toBe(401);
    expect((await attempt('198.51.100.2')).status).toBe(401);
    // A third "address", even one claiming to come through the trusted proxy, is the same client.
    expect((await attempt('198.51.100.3, 10.20.30.40')).status).toBe(429);
  });

  it('cannot claim https or another host', async () => {
    const forged = await app.http.agent.get('/').set('Accept', 'text/html').set('X-Forwarded-Proto', 'https').set('X-Forwarded-Host', 'attacker.example');
    expect(forged.status).toBe(200);
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect(forged.text).not.toContain('attacker.example');
  });
});

describe('links name the site, never a host a request names', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy (loopback is trusted here), without PUBLIC_URL: the worst case for links.
    app = await startTestApp({ TRUST_PROXY: 'true' });
    await app.strapi.documents('api::blog-post.blog-post').create({
      data: { title: 'A linked post', slug: 'a-linked-post', summary: 'Summary', authorName: 'Ada', publishedDate: '2026-01-05', body: [] } as any,
      status: 'published',
    });
  }, 300_000);
  afterAll(async () => {
    await app.stop();
  });

  const named = (url: string) =>
    app.http.agent
      .get(url)
      .set('Host', 'attacker.example')
      .set('X-Forwarded-Host', 'attacker.example')
      .set('X-Forwarded-Proto', 'https')
      .set('Accept', 'text/html,application/xml');

  it.each(['/', '/blog/a-linked-post', '/robots.txt', '/sitemap.xml', '/sitemap-pages.xml', '/sitemap-posts-1.xml', '/blog/rss.xml'])(
    '%s: canonical, Open Graph, feed and sitemap links use the address the server was started on',
    async (url) => {
      // Twice: the first request's copy is kept by the site's caches, the second is served from them.
      for (let i = 0; i < 2; i += 1) {
        const response = await named(url);
        expect(response.status).toBe(200);
        const text = response.text ?? String(response.body);
        expect(text).not.toContain('attacker.example');
        expect(text).toContain(STARTED_ON);
      }
      const plain = await app.http.agent.get(url).set('Accept', 'text/html,application/xml');
      expect(plain.text ?? String(plain.body)).not.toContain('attacker.example');
    },
  );

  it('the page names its canonical address on the site', async () => {
    const response = await named('/blog/a-linked-post');
    expect(response.text).toContain(`<link rel="canonical" href="${STARTED_ON}/blog/a-linked-post"`);
    expect(response.text).toContain(`<meta property="og:url" content="${STARTED_ON}/blog/a-linked-post"`);
  });
});

describe('one parse of the query: what builds an answer and what keys its copy read the same parameters', () => {
  let app: TestApp;
  beforeAll(async () => {
    // Another origin may read the API: its requests (Origin) pass the front door's copies to the chain.
    app = await startTestApp({ CORS_ORIGINS: 'https://partner.example' });
    for (const [slug, date] of [
      ['older-post', '2026-01-01'],
      ['newer-post', '2026-02-01'],
    ]) {
      await app.strapi.documents('api::blog-post.blog-post').create({
        data: { title: slug, slug, summary: 'S', authorName: 'A', publishedDate: date, body: [] } as any,
        status: 'published',
      });
    }
  }, 300_000);
  afterAll(async () => {
    await app.stop();
  });

  const filler = Array.from({ length: 1000 }, (_, i) => `a${i % 3}`).join('&');
  const slugsOf = (body: unknown) => (body as Array<{ slug: string }>).map((post) => post.slug);

  it('a 1,001-parameter blog query is answered as the page it names, and no cache keeps page 1 under page 2', async () => {
    const flooded = await app.http.agent.get(`/api/blog?${filler}&page=2&pageSize=1`);
    expect(flooded.status).toBe(200);
    expect(slugsOf(flooded.body)).toEqual(['older-post']);
    // The copies kept since (the front door's, any cache in front keyed on the URL) answer each page right.
    for (let i = 0; i < 2; i += 1) {
      expect(slugsOf((await app.http.agent.get('/api/blog?page=2&pageSize=1')).body)).toEqual(['older-post']);
      expect(slugsOf((await app.http.agent.get('/api/blog?page=1&pageSize=1')).body)).toEqual(['newer-post']);
      expect(slugsOf((await app.http.agent.get(`/api/blog?${filler}&page=2&pageSize=1`)).body)).toEqual(['older-post']);
    }
  });

  it("the board's period too", async () => {
    const flooded = await app.http.agent.get(`/api/leaderboard?${filler}&period=week`);
    expect(flooded.status).toBe(200);
    expect(flooded.body.period).toBe('week');
    for (let i = 0; i < 2; i += 1) {
      expect((await app.http.agent.get('/api/leaderboard?period=week')).body.period).toBe('week');
      expect((await app.http.agent.get('/api/leaderboard')).body.period).toBe('all');
      expect((await app.http.agent.get(`/api/leaderboard?${filler}&period=day`)).body.period).toBe('day');
    }
  });

  it.each(['/api/leaderboard?period=week', '/api/blog?page=1', '/api/news/aggregate', '/'])(
    '%s: a conditional GET whose ETag matches gets its 304, from the chain and from a kept copy, whatever Cache-Control it sends',
    async (url) => {
      const fromChain = () => app.http.agent.get(url).set('Origin', 'https://partner.example').set('Accept', 'text/html,application/json');
      const etag = (await fromChain()).headers.etag;
      expect(etag).toMatch(/^W\/"/);
      for (const cacheControl of ['no-cache', 'max-age=0', '']) {
        const again = fromChain().set('If-None-Match', etag);
        expect((await (cacheControl ? again.set('Cache-Control', cacheControl) : again)).status).toBe(304);
        // Plain reads: the front door's kept copy, once the chain has answered one.
        await app.http.agent.get(url).set('Accept', 'text/html,application/json');
        const kept = app.http.agent.get(url).set('Accept', 'text/html,application/json').set('If-None-Match', etag);
        expect((await (cacheControl ? kept.set('Cache-Control', cacheControl) : kept)).status).toBe(304);
      }
    },
  );

  it('a parameter given twice is a 400 naming it, never a copy', async () => {
    for (let i = 0; i < 2; i += 1) {
      const twice = await app.http.agent.get('/api/blog?page=1&page=2');
      expect(twice.status).toBe(400);
      expect(twice.body.error.details.errors[0].path).toEqual(['page']);
      const period = await app.http.agent.get('/api/leaderboard?period=week&period=all');
      expect(period.status).toBe(400);
      expect(period.body.error.details.errors[0].path).toEqual(['period']);
    }
  });
});

describe('made-up names get no counters', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A small store, so that counters for made-up ids would fill it (and then refuse every new key), and an
    // address limit out of reach, so that only the rule on unvouched keys is tested.
    app = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_STORE: 'memory', RATE_LIMIT_MEMORY_KEYS: '200', SCORE_RATE_LIMIT_IP_MAX: '1000000' });
    // Listening for the whole file: the flood's requests go fifty at a time to one server.
    await new Promise<void>((resolve) => app.strapi.server.httpServer.listen(0, '127.0.0.1', () => resolve()));
  }, 300_000);
  afterAll(async () => {
    await app.stop();
  });

  it('2,000 made-up wallet ids from one address, twice each, leave a new visitor able to sign in and get a ticket', async () => {
    const xsrf = await app.http.xsrfToken();
    const flood = (wallet: string) =>
      app.http.agent
        .post('/api/game/nursehelpme/score')
        .set('X-XSRF-TOKEN', xsrf)
        .set('X-Forwarded-For', '198.51.100.66')
        .send({ XRPLWallet: wallet, walletSecret: crypto.randomBytes(32).toString('base64url'), score: 1 });
    const wallets = Array.from({ length: 2000 }, () => `GUEST_${crypto.randomBytes(4).toString('hex').toUpperCase()}`);
    for (let i = 0; i < wallets.length; i += 50) {
      // Twice in a row: a counter hit twice is one the store may not let go of before its window ends.
      const answers = await Promise.all(wallets.slice(i, i + 50).map(async (wallet) => [await flood(wallet), await flood(wallet)]));
      // Each is refused for its body, never for a limit.
      for (const answer of answers.flat()) expect(answer.status).toBe(400);
    }
    const visitor = '203.0.113.200';
    const signIn = await app.http.agent
      .post('/api/auth/login')
      .set('X-XSRF-TOKEN', xsrf)
      .set('X-Forwarded-For', visitor)
      .send({ username: 'new-visitor', password: 'Wr0ng!Pass' });
    expect(signIn.status).toBe(401);
    const ticket = await app.http.agent.post('/api/game/nursehelpme/ticket').set('X-XSRF-TOKEN', xsrf).set('X-Forwarded-For', visitor).send({});
    expect(ticket.status).toBe(200);
    expect(ticket.body.guest.XRPLWallet).toMatch(/^GUEST_/);
  });
});
