import fs from 'fs';
import http from 'http';
import type { AddressInfo } from 'net';
import path from 'path';
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;

const BLOG = 'api::blog-post.blog-post';
const NEWS = 'api::news-item.news-item';
const FEED = 'api::news-feed.news-feed';
const CONTACT = 'api::contact-message.contact-message';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);

beforeAll(async () => {
  app = await startTestApp({ NEWS_FEED_TIMEOUT_MS: '1500' });
  // Take the XSRF cookie first: the client reads it from the first answer that sets it.
  await app.http.xsrfToken();
});

afterAll(async () => {
  await app?.stop();
});

describe('GET /api/blog', () => {
  beforeAll(async () => {
    // 12 published posts on distinct dates, created out of order; one draft that is newer than all.
    const order = [5, 0, 11, 3, 8, 1, 10, 6, 2, 9, 4, 7];
    for (const n of order) {
      await app.strapi.documents(BLOG).create({
        data: { title: `Paging post ${n}`, slug: `paging-post-${n}`, summary: `Summary ${n}`, authorName: 'Test Author', publishedDate: day(n) } as any,
        status: 'published',
      });
    }
    await app.strapi.documents(BLOG).create({
      data: { title: 'Secret draft', slug: 'secret-draft', summary: 'Not yet', authorName: 'Test Author', publishedDate: day(40) } as any,
    });
  });

  it('lists published posts newest publishedDate first, 10 by default, with the fields the site reads', async () => {
    const response = await app.http.get('/api/blog?page=1&pageSize=10');
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toHaveLength(10);
    expect(response.body.map((p: any) => p.title)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((n) => `Paging post ${n}`));
    const first = response.body[0];
    expect(Object.keys(first).sort()).toEqual(['authorName', 'id', 'publishedDate', 'slug', 'summary', 'title']);
    expect(first).toMatchObject({ slug: 'paging-post-11', summary: 'Summary 11', authorName: 'Test Author', publishedDate: day(11) });
  });

  it('pages on: page 2 holds the rest and page 3 is empty', async () => {
    const page2 = await app.http.get('/api/blog?page=2&pageSize=10');
    expect(page2.body.map((p: any) => p.title)).toEqual(['Paging post 1', 'Paging post 0']);
    const page3 = await app.http.get('/api/blog?page=3&pageSize=10');
    expect(page3.status).toBe(200);
    expect(page3.body).toEqual([]);
    const small = await app.http.get('/api/blog?page=3&pageSize=4');
    expect(small.body.map((p: any) => p.title)).toEqual(['Paging post 3', 'Paging post 2', 'Paging post 1', 'Paging post 0']);
    const defaults = await app.http.get('/api/blog');
    expect(defaults.body).toHaveLength(10);
  });

  it('never lists drafts, and a post that is unpublished leaves the list', async () => {
    const all = await app.http.get('/api/blog?page=1&pageSize=50');
    const titles = all.body.map((p: any) => p.title);
    expect(titles).toHaveLength(12);
    expect(titles).not.toContain('Secret draft');

    const post = await app.strapi.documents(BLOG).findFirst({ filters: { slug: 'paging-post-11' } });
    await app.strapi.documents(BLOG).unpublish({ documentId: post!.documentId });
    const after = await app.http.get('/api/blog?page=1&pageSize=50');
    expect(after.body.map((p: any) => p.title)).not.toContain('Paging post 11');
    await app.strapi.documents(BLOG).publish({ documentId: post!.documentId });
    const again = await app.http.get('/api/blog?page=1&pageSize=1');
    expect(again.body[0].title).toBe('Paging post 11');
  });

  it.each([
    ['page=0&pageSize=10', 'page'],
    ['page=-1&pageSize=10', 'page'],
    ['page=abc&pageSize=10', 'page'],
    ['page=1.5&pageSize=10', 'page'],
    ['page=1&pageSize=0', 'pageSize'],
    ['page=1&pageSize=51', 'pageSize'],
    ['page=1&pageSize=ten', 'pageSize'],
    ['page=&pageSize=10', 'page'],
    ['page=1&page=2', 'page'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const response = await app.http.get(`/api/blog?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(field);
    expect(response.body.error.details.errors[0].path).toEqual([field]);
  });

  it('accepts the page size bounds 1 and 50', async () => {
    expect((await app.http.get('/api/blog?page=1&pageSize=1')).body).toHaveLength(1);
    expect((await app.http.get('/api/blog?page=1&pageSize=50')).status).toBe(200);
  });
});

describe('anonymous reads', () => {
  const graphql = (query: string, variables: object = {}) =>
    request(app.strapi.server.httpServer).post('/graphql').set('Content-Type', 'application/json').send({ query, variables });

  it('GraphQL blogPosts works without signing in and returns published posts only', async () => {
    const response = await graphql('query ($slug: String!) { blogPosts(filters: { slug: { eq: $slug } }) { title slug authorName publishedDate } }', {
      slug: 'paging-post-3',
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.blogPosts).toEqual([{ title: 'Paging post 3', slug: 'paging-post-3', authorName: 'Test Author', publishedDate: day(3) }]);
    const draft = await graphql('{ blogPosts(filters: { slug: { eq: "secret-draft" } }) { title } }');
    expect(draft.body.data.blogPosts).toEqual([]);
  });

  it('the stock /api/blog-posts routes are switched off: the site reads /api/blog and GraphQL', async () => {
    for (const url of ['/api/blog-posts?pagination[pageSize]=1', '/api/blog-posts?status=draft']) {
      const response = await app.http.get(url);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Secret draft');
    }
    const write = await app.http.post('/api/blog-posts', { data: { title: 'x' } });
    expect([404, 405]).toContain(write.status);
  });

  it('GraphQL offers no way to create or change posts anonymously', async () => {
    const response = await graphql('mutation { createBlogPost(data: { title: "Hack" }) { documentId } }');
    expect(response.body.errors?.length).toBeGreaterThan(0);
    expect(await app.strapi.documents(BLOG).findFirst({ filters: { title: 'Hack' } })).toBeNull();
  });

  it('contact messages are not exposed by any public read route', async () => {
    await app.strapi
      .documents(CONTACT)
      .create({ data: { name: 'Private Person', email: 'p@example.com', subject: 'Private subject', message: 'Private message body' } });
    for (const url of ['/api/contact', '/api/contact-messages', '/api/contact-messages/1']) {
      const response = await app.http.get(url);
      expect([404, 405]).toContain(response.status);
      expect(JSON.stringify(response.body)).not.toContain('Private Person');
    }
    // Shadow CRUD is off for contact messages: the schema has no such query or mutation at all.
    const gql = await graphql('{ contactMessages { name email } }');
    expect(gql.body.errors?.[0]?.message).toMatch(/Cannot query field "contactMessages"/);
    const mutation = await graphql('mutation { createContactMessage(data: { name: "x" }) { name } }');
    // GraphQL has no mutations at all (hardening allow-list).
    expect(mutation.body.errors?.[0]?.message).toMatch(/not configured to execute mutation/);
    expect(JSON.stringify(gql.body)).not.toContain('Private Person');
  });

  it('news items and feeds have no public read or write route besides the aggregate', async () => {
    for (const url of ['/api/news-items', '/api/news-feeds']) {
      expect((await app.http.get(url)).status).toBe(404);
    }
    const gql = await graphql('{ newsFeeds { url } }');
    expect(gql.body.errors?.length).toBeGreaterThan(0);
  });
});

describe('GET /api/news/aggregate', () => {
  beforeAll(async () => {
    const items = [
      { title: 'Older health', category: 'health', hoursAgo: 30, isActive: true },
      { title: 'Newest crypto', category: 'crypto', hoursAgo: 1, isActive: true },
      { title: 'Hidden finance', category: 'finance', hoursAgo: 0.5, isActive: false },
      { title: 'Middle finance', category: 'finance', hoursAgo: 5, isActive: true, imageUrl: 'https://img.example.com/a.png' },
    ];
    for (const item of items) {
      await app.strapi.documents(NEWS).create({
        data: {
          title: item.title,
          description: `About ${item.title}`,
          url: `https://news.example.com/${item.title.replace(/ /g, '-').toLowerCase()}`,
          source: 'Example Wire',
          category: item.category,
          publishedDate: new Date(Date.now() - item.hoursAgo * 3600_000).toISOString(),
          isActive: item.isActive,
          imageUrl: item.imageUrl,
        } as any,
      });
    }
  });

  it('returns only active items, newest first, with the fields the site reads', async () => {
    const response = await app.http.get('/api/news/aggregate');
    expect(response.status).toBe(200);
    const titles = response.body.map((n: any) => n.title);
    expect(titles).toEqual(['Newest crypto', 'Middle finance', 'Older health']);
    const middle = response.body[1];
    expect(middle).toMatchObject({
      category: 'finance',
      source: 'Example Wire',
      description: 'About Middle finance',
      imageUrl: 'https://img.example.com/a.png',
      isActive: true,
    });
    expect(new Date(middle.publishedAt).getTime()).toBeLessThan(Date.now());
    expect(response.body[0].imageUrl).toBeUndefined();
  });

  it('an item switched off in the panel leaves the list', async () => {
    const item = await app.strapi.documents(NEWS).findFirst({ filters: { title: 'Older health' } });
    await app.strapi.documents(NEWS).update({ documentId: item!.documentId, data: { isActive: false } as any });
    const response = await app.http.get('/api/news/aggregate');
    expect(response.body.map((n: any) => n.title)).not.toContain('Older health');
  });
});

describe('news aggregation from feeds', () => {
  it('is not scheduled when cron is off (as in tests)', () => {
    expect(app.strapi.cron.jobs.map((job: any) => job.name)).not.toContain('newsAggregation');
  });

  let server: http.Server;
  let base: string;
  const hanging: http.ServerResponse[] = [];

  beforeAll(async () => {
    const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');
    server = http.createServer((req, res) => {
      if (req.url === '/health.rss') {
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(fixture('health.rss.xml'));
      } else if (req.url === '/markets.atom') {
        res.writeHead(200, { 'Content-Type': 'application/atom+xml' }).end(fixture('markets.atom.xml'));
      } else if (req.url === '/broken.xml') {
        res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<rss><channel><item><title>Half a feed');
      } else if (req.url === '/silent.xml') {
        hanging.push(res); // never answers
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const feeds = [
      { name: 'Fixture Health Wire', url: `${base}/health.rss`, category: 'health', enabled: true },
      { name: 'Fixture Ledger Markets', url: `${base}/markets.atom`, category: 'crypto', enabled: true },
      { name: 'Broken Feed', url: `${base}/broken.xml`, category: 'finance', enabled: true },
      { name: 'Silent Feed', url: `${base}/silent.xml`, category: 'finance', enabled: true },
      { name: 'Missing Feed', url: `${base}/missing.xml`, category: 'other', enabled: true },
      { name: 'Disabled Feed', url: `${base}/health.rss?disabled`, category: 'other', enabled: false },
    ];
    for (const feed of feeds) await app.strapi.documents(FEED).create({ data: feed as any });
  });

  afterAll(async () => {
    hanging.forEach((res) => res.destroy());
    server.closeAllConnections?.();
    await new Promise((resolve) => server.close(resolve));
  });

  const fixtureItems = () =>
    app.strapi.db.query(NEWS).findMany({ where: { url: { $startsWith: 'http://fixture.test/' } }, populate: { feed: true }, orderBy: { url: 'asc' } });

  it('stores RSS and Atom entries once each, with the feed category, despite broken and silent feeds', async () => {
    const report = await app.strapi.service('api::news-feed.aggregator').run();

    const items = await fixtureItems();
    expect(items.map((i: any) => i.url)).toEqual([
      'http://fixture.test/crypto/ledger-volumes',
      'http://fixture.test/health/ai-triage',
      'http://fixture.test/health/staffing-study',
    ]);
    const byUrl = Object.fromEntries(items.map((i: any) => [i.url, i]));
    expect(byUrl['http://fixture.test/crypto/ledger-volumes']).toMatchObject({
      title: 'Ledger volumes climb as fees stay under a cent',
      category: 'crypto',
      source: 'Fixture Ledger Markets',
      description: 'Settlement times held at 3-5 seconds through the week.',
      isActive: true,
    });
    expect(byUrl['http://fixture.test/crypto/ledger-volumes'].feed.name).toBe('Fixture Ledger Markets');
    expect(byUrl['http://fixture.test/health/ai-triage']).toMatchObject({
      title: 'Clinics pilot AI triage for emergency departments',
      category: 'health',
      description: 'Three hospitals report shorter waits after a six-month pilot.',
      // An http: image whose host does not answer over https is not stored: the site's CSP would block it.
      imageUrl: null,
    });
    expect(new Date(byUrl['http://fixture.test/health/ai-triage'].publishedDate).toISOString()).toBe('2026-11-02T10:00:00.000Z');

    const results = Object.fromEntries(report.feeds.map((f: any) => [f.feed, f]));
    expect(results['Broken Feed'].error).toBeTruthy();
    expect(results['Silent Feed'].error).toMatch(/no answer within 1500 ms/);
    expect(results['Missing Feed'].error).toMatch(/404/);
    expect(results['Disabled Feed']).toBeUndefined();
    expect(report.created).toBe(3);

    const silent = await app.strapi.db.query(FEED).findOne({ where: { name: 'Silent Feed' } });
    expect(silent.lastError).toMatch(/no answer/);
    expect(silent.lastFetchedAt).toBeTruthy();
    const healthy = await app.strapi.db.query(FEED).findOne({ where: { name: 'Fixture Health Wire' } });
    expect(healthy.lastError).toBeNull();

    // The aggregate lists them like any other item.
    const aggregate = await app.http.get('/api/news/aggregate');
    expect(aggregate.body.map((n: any) => n.url)).toEqual(
      expect.arrayContaining(['http://fixture.test/crypto/ledger-volumes', 'http://fixture.test/health/ai-triage']),
    );
  });

  it('a second pass adds nothing new (de-duplicated by url)', async () => {
    const report = await app.strapi.service('api::news-feed.aggregator').run();
    expect(report.created).toBe(0);
    expect(await fixtureItems()).toHaveLength(3);
  });

  it('keeps serving requests while a feed hangs', async () => {
    const pass = app.strapi.service('api::news-feed.aggregator').run();
    const response = await app.http.get('/api/news/aggregate');
    expect(response.status).toBe(200);
    await pass;
  });
});

describe('POST /api/contact', () => {
  const valid = { name: 'Jane Doe', email: 'jane@example.com', subject: 'Partnership', message: 'We would like to talk about a pilot.' };
  const count = () => app.strapi.db.query(CONTACT).count({});

  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ name: '' }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 'J' }, 'name', 'Name is too short'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'jane@' }, 'email', 'Please enter a valid email address'],
    [{ email: 'jane.example.com' }, 'email', 'Please enter a valid email address'],
    [{ subject: '' }, 'subject', 'Subject is required'],
    [{ subject: 'Hi!' }, 'subject', 'Subject is too short'],
    [{ message: '' }, 'message', 'Message is required'],
    [{ message: 'Too short' }, 'message', 'Message is too short'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message is too long'],
  ];
  it.each(cases.map(([change, field, message]) => [field, message, change] as const))(
    'rejects a bad %s with "%s" and stores nothing',
    async (field, message, change) => {
      const before = await count();
      const response = await app.http.post('/api/contact', { ...valid, ...change });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
      expect(response.body.error.details.errors).toEqual([{ path: [field], message }]);
      expect(await count()).toBe(before);
    },
  );

  it('reports every invalid field at once', async () => {
    const before = await count();
    const response = await app.http.post('/api/contact', {});
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors.map((e: any) => e.message)).toEqual([
      'Name is required',
      'Email is required',
      'Subject is required',
      'Message is required',
    ]);
    const wrongTypes = await app.http.post('/api/contact', { name: 12, email: ['a'], subject: null, message: { a: 1 } });
    expect(wrongTypes.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('stores a valid message and answers 201 with a short confirmation', async () => {
    const response = await app.http.post('/api/contact', { ...valid, name: '  Jane Doe  ', extra: 'ignored' });
    expect(response.status).toBe(201);
    expect(response.body.message).toMatch(/sent/);
    expect(JSON.stringify(response.body)).not.toContain('jane@example.com');
    const stored = await app.strapi.db.query(CONTACT).findOne({ where: { subject: 'Partnership' } });
    expect(stored).toMatchObject({ name: 'Jane Doe', email: 'jane@example.com', message: valid.message });
  });

  it('accepts the minimum lengths exactly', async () => {
    const response = await app.http.post('/api/contact', { name: 'Al', email: 'a@b.co', subject: 'Hello', message: '0123456789' });
    expect(response.status).toBe(201);
  });
});
