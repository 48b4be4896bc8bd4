/**
 * News aggregation from real-world feeds: the 21 files in ../shared/feeds (see SOURCES.md there) served
 * from loopback, plus edge cases written here (GB2312 declared only in the HTTP header, ISO-8859-1 without
 * an RSS version, media:thumbnail, an <img> in the content, http: images with and without https, one
 * article in two feeds with utm_ parameters, a feed with no items, a 2 MB feed and a too-large one).
 */
import fs from 'fs';
import path from 'path';
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';
import { startFeedServer, trustLoopbackOnly, type FeedServer } from './helpers/feed-server';

const ROOT = path.resolve(__dirname, '..', '..');
// CI clones the repository with shared/ beside it; a git worktree elsewhere names the folder in HAIC_SHARED_DIR.
const FEEDS_DIR = path.join(process.env.HAIC_SHARED_DIR || path.resolve(ROOT, '..', 'shared'), 'feeds');
const FIXTURES = fs
  .readdirSync(FEEDS_DIR)
  .filter((name) => name !== 'SOURCES.md')
  .sort();

const NEWS = 'api::news-item.news-item';
const FEED = 'api::news-feed.news-feed';

/** What real feeds declare in their HTTP header: UOL sends its charset there only. */
const CONTENT_TYPES: Record<string, string> = { 'uol.rss': 'text/xml; charset=ISO-8859-1', 'notafeed.html': 'text/html; charset=UTF-8' };

const rss = (items: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:content="http://purl.org/rss/1.0/modules/content/"${extra}><channel><title>Edge</title><link>https://edge.example.org/</link>${items}</channel></rss>`;

let app: TestApp;
let server: FeedServer;
let plainOnly: FeedServer;
let restoreHttps: () => void;
const edge: Record<string, { type: string; body: Buffer | string }> = {};

function edgeCases(base: string, plainBase: string) {
  // GB2312 named only by the HTTP header: the real gb2312 feed without its XML declaration (and with its own urls).
  const gb = fs.readFileSync(path.join(FEEDS_DIR, 'gb2312.xml'));
  const declarationEnd = gb.indexOf('?>') + 2;
  const headerOnly = Buffer.from(gb.subarray(declarationEnd).toString('latin1').split('news.qq.com/a/').join('news.qq.com/edge/a/'), 'latin1');
  edge['gb2312-header.xml'] = { type: 'application/rss+xml; charset=gb2312', body: headerOnly };

  edge['latin1-noversion.rss'] = {
    type: 'application/xml',
    body: Buffer.from(
      `<?xml version="1.0" encoding="ISO-8859-1"?>\n<rss><channel><title>Gazeta</title><link>http://gazeta.example.org/</link><language>pt-BR</language>
<item><title>Notícias: São Paulo à noite</title><link>http://gazeta.example.org/sao-paulo</link><description>Café, pão de queijo &amp; açaí — não!</description><pubDate>Seg, 24 Set 2018 19:42:40 -0300</pubDate></item>
</channel></rss>`.replace('—', '-'),
      'latin1',
    ),
  };

  edge['media-thumbnail.rss'] = {
    type: 'application/rss+xml',
    body: rss(`<item><title>Thumbnail only</title><link>https://edge.example.org/thumb</link><description>Has a thumbnail.</description>
      <media:thumbnail url="https://cdn.edge.example.org/thumb.jpg" width="140" height="84"/><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
      <item><title>Group of images</title><link>https://edge.example.org/group</link><description>Has a media group.</description>
      <media:group><media:content url="https://cdn.edge.example.org/small.jpg" medium="image" width="140"/><media:content url="https://cdn.edge.example.org/large.jpg" medium="image" width="1024"/></media:group></item>`),
  };

  // Images in the content: a relative one on this host (which serves https too), an http: one on a host
  // without https (plainBase), an enclosure that is audio; and entity-laden text.
  edge['img-in-content.rss'] = {
    type: 'application/rss+xml',
    body: `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Images</title><link>${base}/site/</link>
      <item><title>Relative image &amp;amp; &#x0024;5 &lt;b&gt;deal&lt;/b&gt;</title><link>articles/one</link>
        <content:encoded><![CDATA[<figure><img src="/images/one.jpg" width="600"></figure><p>Full &ldquo;text&rdquo; of &#8220;one&#8221;&nbsp;here.</p>]]></content:encoded></item>
      <item><title>Image on a host without https</title><link>${base}/site/articles/two</link>
        <description><![CDATA[<p><img src="${plainBase}/images/two.jpg"> Two.</p>]]></description><enclosure url="${base}/audio/two.mp3" type="audio/mpeg" length="1"/></item>
      <item><title>Missing https image</title><link>${base}/site/articles/three</link>
        <description><![CDATA[<img src="http://127.0.0.1:${new URL(base).port}/images/missing.jpg"> Three.]]></description></item>
      <item><title>Tracking pixel only</title><link>${base}/site/articles/four</link>
        <description><![CDATA[<img src="${base}/pixel.gif" width="1" height="1"> Four.]]></description></item>
    </channel></rss>`,
  };

  const shared = (query: string) =>
    `<item><title>Shared story</title><link>https://News.Example.org/story/${query}</link><description>Same article.</description><pubDate>Wed, 04 Nov 2026 09:00:00 GMT</pubDate></item>`;
  edge['shared-a.rss'] = { type: 'application/rss+xml', body: rss(shared('?utm_source=feed_a&utm_medium=rss')) };
  edge['shared-b.rss'] = {
    type: 'application/rss+xml',
    body: rss(shared('?utm_campaign=b&fbclid=123').replace('https://News.', 'http://news.').replace('/story/', '/story')),
  };

  edge['empty.rss'] = { type: 'application/rss+xml', body: rss('') };

  // About 2 MB: 60 entries with long full texts (the newest 50 are stored).
  const paragraph = `<p>${'Clinical AI triage study results &amp; discussion. '.repeat(700)}</p>`;
  const items = Array.from(
    { length: 60 },
    (_, i) =>
      `<item><title>Big feed entry ${i + 1}</title><link>https://big.example.org/entry/${i + 1}</link><content:encoded><![CDATA[${paragraph}]]></content:encoded><pubDate>${new Date(Date.UTC(2026, 9, 1, 12, 0) - i * 3600_000).toUTCString()}</pubDate></item>`,
  ).join('');
  edge['big.rss'] = { type: 'application/rss+xml', body: rss(items) };
  edge['huge.rss'] = { type: 'application/rss+xml', body: rss(items.repeat(3)) };
}

/** Feeds in creation order: the order decides which feed keeps an article two feeds share. */
const feedList = () => [
  ...FIXTURES.map((name) => ({ name: `fixture ${name}`, path: `/feeds/${name}`, category: 'other' })),
  ...['gb2312-header.xml', 'latin1-noversion.rss', 'media-thumbnail.rss', 'img-in-content.rss', 'empty.rss', 'big.rss', 'huge.rss'].map((name) => ({
    name: `edge ${name}`,
    path: `/edge/${name}`,
    category: 'health',
  })),
  { name: 'edge shared-a.rss', path: '/edge/shared-a.rss', category: 'crypto' },
  { name: 'edge shared-b.rss', path: '/edge/shared-b.rss', category: 'finance' },
];

let firstReport: any;
let secondReport: any;

beforeAll(async () => {
  server = await startFeedServer((req, res, secure) => {
    const url = req.url ?? '/';
    if (url.startsWith('/feeds/')) {
      const name = path.basename(url);
      if (!FIXTURES.includes(name)) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'Content-Type': CONTENT_TYPES[name] ?? 'application/rss+xml' }).end(fs.readFileSync(path.join(FEEDS_DIR, name)));
    }
    if (url.startsWith('/edge/') && edge[path.basename(url)]) {
      const { type, body } = edge[path.basename(url)];
      return void res.writeHead(200, { 'Content-Type': type }).end(body);
    }
    if (secure && url === '/images/one.jpg') return void res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(req.method === 'HEAD' ? undefined : 'jpeg');
    res.writeHead(404).end();
  });
  plainOnly = await startFeedServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('jpeg'), { https: false });
  edgeCases(server.base, plainOnly.base);
  restoreHttps = trustLoopbackOnly();

  // Loopback feeds never hang here: a generous limit keeps a busy machine from failing a 2 MB download.
  app = await startTestApp({ NEWS_FEED_TIMEOUT_MS: '30000' });
  for (const feed of feedList()) {
    await app.strapi.documents(FEED).create({ data: { name: feed.name, url: `${server.base}${feed.path}`, category: feed.category, enabled: true } as any });
  }
  firstReport = await app.strapi.service('api::news-feed.aggregator').run();
}, 300_000);

afterAll(async () => {
  await app?.stop();
  restoreHttps?.();
  await server?.close();
  await plainOnly?.close();
});

const itemsOf = async (feedName: string) =>
  (await app.strapi.db.query(NEWS).findMany({ where: { feed: { name: feedName } }, orderBy: [{ publishedDate: 'desc' }, { id: 'asc' }] })) as any[];
const feedRow = (name: string) => app.strapi.db.query(FEED).findOne({ where: { name } });
const resultOf = (report: any, name: string) => report.feeds.find((f: any) => f.feed === name);

const MARKUP = /<\/?[a-z][^>]*>/i;
const ENTITY = /&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]+);/i;
// Mojibake signs: the replacement character, UTF-8 read as Latin-1 ('Ã©'), windows-1251 read as Latin-1.
const MOJIBAKE = /\uFFFD|Ã.|Ð.|Ñ./;

/** [file, items the feed holds, items stored (at most 50 a feed), what lastError says] */
const EXPECTED: Array<[string, number, number, RegExp | null]> = [
  ['content-encoded.rss', 7, 7, null],
  ['craigslist.rss', 25, 25, null],
  ['gb2312.xml', 20, 20, null],
  ['giantbomb.rss', 730, 50, null],
  ['guardian.rss', 55, 50, null],
  ['guid-dupes.xml', 1, 1, null],
  ['heise.atom', 15, 15, null],
  ['heraldsun.rss', 2, 2, null],
  ['iconv.xml', 10, 10, null],
  ['incomplete-fields.atom', 1, 0, /^1 item skipped: no link$/],
  ['latin2.rss', 1, 1, null],
  ['mediacontent.xml', 1, 1, null],
  ['missing-fields.atom', 1, 0, /^1 item skipped: no link$/],
  ['nhs.rss', 2, 2, null],
  ['notafeed.html', 0, 0, /^not a readable RSS or Atom feed/],
  ['odddate.xml', 5, 5, null],
  ['relative.xml', 2, 2, null],
  ['rss1.rss', 69, 50, null],
  ['saxerror.xml', 3, 3, null],
  ['uol.rss', 15, 15, null],
  ['wapowellness.xml', 29, 29, null],
];

describe('the real-world fixtures', () => {
  it('are all 21 served and expected here', () => {
    expect(FIXTURES).toHaveLength(21);
    expect(EXPECTED.map(([file]) => file)).toEqual(FIXTURES);
  });

  it.each(EXPECTED)('%s: %i seen, %i stored, the feed records it', async (file, seen, stored, error) => {
    const name = `fixture ${file}`;
    expect(resultOf(firstReport, name)).toMatchObject({ seen, created: stored });
    const row = await feedRow(name);
    expect(row).toMatchObject({ itemsSeen: seen, itemsStored: stored });
    expect(new Date(row.lastFetchedAt).getTime()).toBeGreaterThanOrEqual(new Date(firstReport.startedAt).getTime());
    if (error) expect(row.lastError).toMatch(error);
    else expect(row.lastError).toBeNull();
    expect(await itemsOf(name)).toHaveLength(stored);
  });

  it('stores text free of markup, entities and mojibake, in every encoding', async () => {
    const items = await app.strapi.db.query(NEWS).findMany({ select: ['title', 'description', 'url', 'imageUrl'] });
    expect(items.length).toBeGreaterThan(300);
    for (const item of items as any[]) {
      for (const text of [item.title, item.description ?? '']) {
        expect(text).not.toMatch(MARKUP);
        expect(text).not.toMatch(ENTITY);
        expect(text).not.toMatch(MOJIBAKE);
        expect(text).toBe(text.trim());
      }
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.url).toMatch(/^https?:\/\//);
      if (item.imageUrl) expect(item.imageUrl).toMatch(/^https:\/\//);
    }
  });

  it('decodes windows-1251, GB2312, ISO-8859-2 and ISO-8859-1 (no RSS version, charset in the HTTP header only)', async () => {
    const cyrillic = await itemsOf('fixture iconv.xml');
    expect(cyrillic.map((i) => i.title)).toContain('В Бузулуке главные стройплощадки – детсад и Ледовый дворец');
    const chinese = await itemsOf('fixture gb2312.xml');
    expect(chinese.map((i) => i.title)).toContain('习近平为何如此强调崇尚英雄？');
    chinese.forEach((item) => expect(item.title).toMatch(/[\u4e00-\u9fff]/));
    expect((await itemsOf('fixture latin2.rss'))[0]).toMatchObject({ title: 'ZAŻÓŁĆ GĘSLĄ JAŹŃ', description: 'Szedł sasza suchą szosą' });
    const uol = await itemsOf('fixture uol.rss');
    expect(uol.map((i) => i.title)).toContain('Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno');
  });

  it('decodes numeric entities in titles (craigslist)', async () => {
    const titles = (await itemsOf('fixture craigslist.rss')).map((i) => i.title);
    expect(titles).toContain('Bright, Spacious Beautiful Victorian (oakland north / temescal) $4300 3bd 1930ft2');
  });

  it('cuts a description from content:encoded when there is no summary (first 300 characters)', async () => {
    const items = await itemsOf('fixture content-encoded.rss');
    for (const item of items) {
      expect(item.description.length).toBeGreaterThan(50);
      expect(item.description.length).toBeLessThanOrEqual(300);
    }
    const forager = items.find((i) => i.title === 'THE CREATIVE FORAGER');
    expect(forager.description.startsWith('Using Wild Ingredients in the Kitchen HEY, YOU!')).toBe(true);
  });

  it('takes images from media:content, itunes:image and the content, https only', async () => {
    const guardian = await itemsOf('fixture guardian.rss');
    expect(guardian.every((i) => i.imageUrl?.startsWith('https://i.guim.co.uk/'))).toBe(true);
    // The widest of the media:content sizes.
    expect(guardian.every((i) => i.imageUrl.includes('w=460'))).toBe(true);
    const podcast = await itemsOf('fixture giantbomb.rss');
    expect(podcast.every((i) => /^https:\/\/giantbomb1\.cbsistatic\.com\//.test(i.imageUrl))).toBe(true);
    const medium = await itemsOf('fixture content-encoded.rss');
    expect(medium.filter((i) => i.imageUrl?.startsWith('https://cdn-images-1.medium.com/')).length).toBeGreaterThanOrEqual(5);
    // http: images on hosts that do not answer over https (port 443 is closed here) are not stored.
    for (const file of ['mediacontent.xml', 'iconv.xml', 'heise.atom', 'latin2.rss', 'odddate.xml']) {
      expect((await itemsOf(`fixture ${file}`)).map((i) => i.imageUrl)).toEqual(expect.arrayContaining([null]));
      expect((await itemsOf(`fixture ${file}`)).every((i) => i.imageUrl === null)).toBe(true);
    }
  });

  it('resolves relative links against the feed', async () => {
    const items = await itemsOf('fixture relative.xml');
    expect(items.map((i) => i.url).sort()).toEqual([
      `${server.base}/en/games/neverwinter/news/detail/10738994-2x-underdark-currency-%26-15%25-off-bags%21`,
      `${server.base}/en/games/neverwinter/news/detail/10743874-neverwinter-%26-jingle-jam-humble-bundle%21`,
    ]);
    expect(items.map((i) => i.title)).toContain('Neverwinter & Jingle Jam Humble Bundle!');
  });

  it('reads dates: RFC 822 with a two-digit year, day-first numeric dates for a non-US feed, Portuguese names', async () => {
    const relative = await itemsOf('fixture relative.xml');
    expect(relative.map((i) => new Date(i.publishedDate).toISOString())).toEqual(['2017-12-07T18:00:29.000Z', '2017-12-07T15:00:00.000Z']);
    // Norfolk schools (language "en", a UK council): 08/02/2013 is 8 February.
    const odd = await itemsOf('fixture odddate.xml');
    expect(new Date(odd[0].publishedDate).toISOString()).toBe('2013-02-08T12:00:00.000Z');
    const uol = await itemsOf('fixture uol.rss');
    expect(new Date(uol[0].publishedDate).toISOString()).toBe('2018-09-24T22:42:40.000Z');
  });

  it('gives undated items the time the pass first saw them, in feed order', async () => {
    const items = await itemsOf('fixture heraldsun.rss');
    const seen = new Date(firstReport.startedAt).getTime();
    expect(items.map((i) => [i.title, new Date(i.publishedDate).getTime()])).toEqual([
      ['The First Item', seen],
      ['The Second Item', seen - 1],
    ]);
  });

  it('keeps the good items of a feed with an XML error (saxerror) and reports a page that is no feed', async () => {
    expect((await itemsOf('fixture saxerror.xml')).map((i) => i.url).sort()).toEqual([
      'http://example.com/after',
      'http://example.com/bad?foo=1&bar=2',
      'http://example.com/good',
    ]);
    expect(resultOf(firstReport, 'fixture notafeed.html').error).toMatch(/not a readable RSS or Atom feed/);
  });
});

describe('edge cases', () => {
  it('decodes GB2312 named only in the HTTP header', async () => {
    const items = await itemsOf('edge gb2312-header.xml');
    expect(items).toHaveLength(20);
    expect(items.map((i) => i.title)).toContain('习近平为何如此强调崇尚英雄？');
    expect(items[0].url).toMatch(/^http:\/\/news\.qq\.com\/edge\/a\//);
  });

  it('reads ISO-8859-1 from the XML declaration in an <rss> without a version', async () => {
    const [item] = await itemsOf('edge latin1-noversion.rss');
    expect(item).toMatchObject({ title: 'Notícias: São Paulo à noite', description: 'Café, pão de queijo & açaí - não!', category: 'health' });
    expect(new Date(item.publishedDate).toISOString()).toBe('2018-09-24T22:42:40.000Z');
  });

  it('takes media:thumbnail, and the widest image of a media:group', async () => {
    const items = await itemsOf('edge media-thumbnail.rss');
    expect(Object.fromEntries(items.map((i) => [i.title, i.imageUrl]))).toEqual({
      'Thumbnail only': 'https://cdn.edge.example.org/thumb.jpg',
      'Group of images': 'https://cdn.edge.example.org/large.jpg',
    });
  });

  it('takes the first <img> of the content, resolved and upgraded to https where the host serves it', async () => {
    const items = Object.fromEntries((await itemsOf('edge img-in-content.rss')).map((i) => [i.url, i]));
    const one = items[`${server.base}/site/articles/one`];
    // The title's escaped markup is markup: shown as text it would read "<b>deal</b>".
    expect(one.title).toBe('Relative image & $5 deal');
    expect(one.description).toBe('Full “text” of “one” here.');
    expect(one.imageUrl).toBe(`https://127.0.0.1:${server.port}/images/one.jpg`);
    expect(server.secureRequests).toContain('HEAD /images/one.jpg');
    // The host of image two speaks http only: no image rather than one the CSP blocks (and no audio enclosure).
    expect(items[`${server.base}/site/articles/two`].imageUrl).toBeNull();
    // Checked once per host: the https check of the first image decided for the whole host.
    expect(items[`${server.base}/site/articles/three`].imageUrl).toBe(`https://127.0.0.1:${server.port}/images/missing.jpg`);
    expect(server.secureRequests.filter((r) => r.startsWith('HEAD'))).toHaveLength(1);
    expect(items[`${server.base}/site/articles/four`].imageUrl).toBeNull();
  });

  it('stores an article two feeds share once, for the feed created first, whatever its tracking parameters', async () => {
    const stored = await app.strapi.db.query(NEWS).findMany({ where: { title: 'Shared story' }, populate: { feed: true } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      category: 'crypto',
      source: 'edge shared-a.rss',
      url: 'https://news.example.org/story/?utm_source=feed_a&utm_medium=rss',
    });
    expect(stored[0].feed.name).toBe('edge shared-a.rss');
    expect(resultOf(firstReport, 'edge shared-b.rss')).toMatchObject({ seen: 1, created: 0 });
  });

  it("records 'no items' for a feed without entries", async () => {
    expect(await feedRow('edge empty.rss')).toMatchObject({ itemsSeen: 0, itemsStored: 0, lastError: 'no items' });
  });

  it('reads a 2 MB feed (its newest 50 entries) and refuses one over 4 MB', async () => {
    expect(Buffer.byteLength(edge['big.rss'].body)).toBeGreaterThan(2_000_000);
    const big = await itemsOf('edge big.rss');
    expect(big).toHaveLength(50);
    expect(big[0]).toMatchObject({ title: 'Big feed entry 1' });
    expect(big[0].description.length).toBeLessThanOrEqual(300);
    expect(big[0].description.startsWith('Clinical AI triage study results & discussion.')).toBe(true);
    expect(await feedRow('edge huge.rss')).toMatchObject({ itemsStored: 0, lastError: 'feed is larger than 4 MB' });
  });
});

describe('a second pass', () => {
  let before: any[];
  beforeAll(async () => {
    before = await app.strapi.db.query(NEWS).findMany({ select: ['url', 'publishedDate', 'imageUrl'], orderBy: { id: 'asc' } });
    secondReport = await app.strapi.service('api::news-feed.aggregator').run();
  }, 120_000);

  it('stores nothing new and rewrites nothing', async () => {
    expect(secondReport.feeds.filter((f: any) => f.created > 0)).toEqual([]);
    expect(secondReport.created).toBe(0);
    expect(secondReport.feeds.every((f: any) => f.created === 0)).toBe(true);
    const after = await app.strapi.db.query(NEWS).findMany({ select: ['url', 'publishedDate', 'imageUrl'], orderBy: { id: 'asc' } });
    expect(after).toEqual(before);
    expect(await feedRow('fixture giantbomb.rss')).toMatchObject({ itemsSeen: 730, itemsStored: 0, lastError: null });
  });
});

describe('one article, many writers', () => {
  it('the unique url key refuses a second copy even when no check runs before the insert (as between two processes)', async () => {
    const base = { title: 'Race', source: 'Race wire', category: 'other', publishedDate: new Date(), isActive: true, urlKey: 'https://race.example.org/a' };
    await app.strapi.db.query(NEWS).create({ data: { ...base, url: 'https://race.example.org/a?utm_source=x' } });
    await expect(app.strapi.db.query(NEWS).create({ data: { ...base, url: 'http://www.race.example.org/a/' } })).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(await app.strapi.db.query(NEWS).count({ where: { title: 'Race' } })).toBe(1);
  });
});

describe('the panel', () => {
  const LIST = ['name', 'category', 'enabled', 'lastFetchedAt', 'itemsSeen', 'itemsStored', 'lastError'];
  const contentTypes = () => app.strapi.plugin('content-manager').service('content-types');

  it('lists each feed with its category, last fetch, items seen, items stored and last error', async () => {
    const config = await contentTypes().findConfiguration({ uid: FEED });
    expect(config.layouts.list).toEqual(LIST);
    expect(config.metadatas.category.list.label).toBe('Category');
    expect(config.metadatas.itemsStored.list.label).toBe('New items stored');
    expect(config.metadatas.lastError.edit.editable).toBe(false);
  });

  it('gains the category column on a database that kept the list without it (as before it was added)', async () => {
    const store = app.strapi.store({ type: 'plugin', name: 'haic_admin' });
    const applied = ((await store.get({ key: 'list-views-applied' })) as string[]).filter((mark) => !mark.startsWith(FEED));
    await store.set({ key: 'list-views-applied', value: [...applied, `${FEED}@2`] });
    const current = await contentTypes().findConfiguration({ uid: FEED });
    await contentTypes().updateConfiguration({ uid: FEED }, { layouts: { ...current.layouts, list: LIST.filter((name) => name !== 'category') } });

    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bootstrap as the booted app built it
    await require('../dist/src/bootstrap/admin').default(app.strapi);
    expect((await contentTypes().findConfiguration({ uid: FEED })).layouts.list).toEqual(LIST);
  });

  describe('POST /admin/news-feeds/fetch-now', () => {
    const panelUser = async (email: string, roleCode: string | null) => {
      let role = roleCode ? await app.strapi.db.query('admin::role').findOne({ where: { code: roleCode } }) : null;
      if (!role) role = await app.strapi.service('admin::role').create({ name: `No rights ${email}`, description: 'nothing' });
      await app.strapi
        .service('admin::user')
        .create({ email, firstname: 'Panel', lastname: 'User', password: 'Panel-Pass-123', isActive: true, registrationToken: null, roles: [role.id] });
      const login = await request(app.strapi.server.httpServer).post('/admin/login').send({ email, password: 'Panel-Pass-123' });
      expect(login.status).toBe(200);
      return (login.body.data.token ?? login.body.data.accessToken) as string;
    };
    const fetchNow = (token?: string) => {
      const req = request(app.strapi.server.httpServer).post('/admin/news-feeds/fetch-now');
      return token ? req.set('Authorization', `Bearer ${token}`) : req;
    };

    it("the panel's own configuration request gives an editor the list with the category column", async () => {
      const token = await panelUser('lister@example.com', 'strapi-editor');
      const response = await request(app.strapi.server.httpServer)
        .get(`/content-manager/content-types/${FEED}/configuration`)
        .set('Authorization', `Bearer ${token}`);
      expect(response.status).toBe(200);
      expect(response.body.data.contentType.layouts.list).toEqual(LIST);
      expect(response.body.data.contentType.metadatas.category.list).toMatchObject({ label: 'Category', sortable: true });
    });

    it('refuses anyone not signed in to the panel', async () => {
      expect((await fetchNow()).status).toBe(401);
      expect((await fetchNow('not-a-token')).status).toBe(401);
    });

    it('refuses a panel user who may not edit news feeds', async () => {
      const token = await panelUser('norights@example.com', null);
      expect((await fetchNow(token)).status).toBe(403);
    });

    it('runs a pass for an editor and answers with the per-feed results', async () => {
      const token = await panelUser('editor@example.com', 'strapi-editor');
      const response = await fetchNow(token);
      expect(response.status).toBe(200);
      expect(response.body.data.feeds).toHaveLength(feedList().length);
      expect(response.body.data.feeds.find((f: any) => f.feed === 'fixture giantbomb.rss')).toEqual({
        feed: 'fixture giantbomb.rss',
        seen: 730,
        created: 0,
        skipped: 730,
      });
      expect(response.body.data.created).toBe(0);
    });
  });
});

describe('news items written in the panel', () => {
  it('get the same key, and one that repeats a stored article is refused with a message naming the url', async () => {
    const base = { title: 'Panel item', source: 'Editors', category: 'health', publishedDate: new Date().toISOString(), isActive: true };
    const created = await app.strapi.documents(NEWS).create({ data: { ...base, url: 'https://www.Panel.example.org/item/?utm_source=mail' } as any });
    const row = await app.strapi.db.query(NEWS).findOne({ where: { documentId: created.documentId } });
    expect(row.urlKey).toBe('https://panel.example.org/item');
    await expect(app.strapi.documents(NEWS).create({ data: { ...base, url: 'http://panel.example.org/item' } as any })).rejects.toMatchObject({
      name: 'ValidationError',
      details: { errors: [{ path: ['url'], message: 'This article is already in the news: another item has the same URL.' }] },
    });
    // Saving the item itself again is no conflict.
    await app.strapi
      .documents(NEWS)
      .update({ documentId: created.documentId, data: { url: 'https://panel.example.org/item', title: 'Panel item, edited' } as any });
    expect((await app.strapi.db.query(NEWS).findOne({ where: { documentId: created.documentId } })).title).toBe('Panel item, edited');
  });
});
