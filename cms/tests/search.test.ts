/**
 * Site search, GET /api/search, on SQLite and (HAIC_TEST_DATABASE=postgres, the PostgreSQL suite of
 * `npm test`) on PostgreSQL, with the same expectations: the same answers, the same top results for the
 * seeded content. What a reader notices: what is found and in which order, a typo forgiven, phrases,
 * the type filters and the pages, nothing hidden ever shown, a change shown at once, snippets that are
 * safe HTML, and any text at all being a query (never a 5xx).
 */
import path from 'path';
import type { SearchResponse, SearchResult } from '@haic/contract';
import { startTestDatabase, TEST_DATABASE, type DatabaseForTests } from './helpers/postgres';
import { storeRun } from './helpers/runs';
import { startFeedServer, type FeedServer } from './helpers/feed-server';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

// The seed command's content seeders (seed/dist, built by `npm test`): the seeded site's top results.
const seedDist = path.resolve(__dirname, '..', '..', 'seed', 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command, by its path
const { seedBlog } = require(path.join(seedDist, 'blog.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command, by its path
const { seedNews } = require(path.join(seedDist, 'news.js'));

const BLOG = 'api::blog-post.blog-post';
const NEWS = 'api::news-item.news-item';
const FEED = 'api::news-feed.news-feed';

let database: DatabaseForTests;
let app: TestApp;

beforeAll(async () => {
  database = await startTestDatabase();
  app = await startTestApp(database.env);
  await app.http.xsrfToken();
}, 300_000);

afterAll(async () => {
  await app?.stop();
  database?.stop();
});

let made = 0;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const paragraphs = (...texts: string[]) => texts.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

/** A post, published unless asked otherwise, dated `date` (default today). */
async function post(
  title: string,
  { text = 'Nothing else.', summary = 'A post of the search tests.', date = day(0), status = 'published' as 'published' | 'draft' } = {},
) {
  made += 1;
  return app.strapi.documents(BLOG).create({
    data: { title, slug: `search-${made}`, summary, authorName: 'Search Tester', publishedDate: date, body: paragraphs(text) } as any,
    status,
  });
}

async function news(
  title: string,
  { description = 'A news item of the search tests.', source = 'Search Wire', publishedDate = new Date(), isActive = true } = {},
) {
  made += 1;
  return app.strapi.documents(NEWS).create({
    data: {
      title,
      description,
      source,
      url: `https://search.example.org/news/${made}`,
      category: 'health',
      publishedDate: publishedDate.toISOString(),
      isActive,
    } as any,
  });
}

/** An account on the all-time board (a ranked run). */
async function player(name: string, totalPoints = 1500, playedDate = new Date()) {
  const account = await createUser(app, name);
  const run = await storeRun(app, { user: account.user.id }, { verified: true, totalPoints, playedDate });
  return { ...account, run };
}

const search = (params: Record<string, string>) => app.http.get(`/api/search?${new URLSearchParams(params)}`);

async function found(q: string, params: Record<string, string> = {}): Promise<SearchResponse> {
  const response = await search({ q, ...params });
  expect({ q, status: response.status }).toEqual({ q, status: 200 });
  return response.body;
}
const titles = async (q: string, params: Record<string, string> = {}) => (await found(q, params)).results.map((result) => result.title);

/** HTML that holds text and <mark> elements only. */
const MARKS_ONLY = /^(?:[^<>]|<mark>|<\/mark>)*$/;

describe(`search on ${TEST_DATABASE}`, () => {
  it('the seeded site: its posts, news and their words rank the same on either database', async () => {
    await seedBlog(app.strapi);
    await seedNews(app.strapi);
    // Posts are dated by their day, news by their time: each kind's order is fixed, their mix moves with the clock.
    expect(await titles('nurse', { type: 'blog' })).toEqual([
      'Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back',
      'What Nurses Told Us About Burnout and Technology',
      'Playing With Purpose: The Story Behind the Nurse Help Me Game',
      'Community Update: Meet the Mascot and Our New Chat Channels',
      'Our Roadmap From Q2 2025 to Q1 2026',
      'Introducing HAIC: A Utility Token for Healthcare AI',
    ]);
    expect(await titles('nurse', { type: 'news' })).toEqual([
      'Nurse staffing remains the top concern in new workforce survey',
      'Health systems weigh the cost of nurse turnover',
      'Nurse Help Me game adds a leaderboard preview',
      'Hospitals expand pilots of AI documentation assistants',
      'Remote patient monitoring programmes show lower readmissions',
    ]);
    const top = await found('nurse', { pageSize: '5' });
    expect(top.total).toBe(11);
    expect(
      top.results
        .slice(0, 2)
        .map((result) => result.title)
        .sort(),
    ).toEqual(['Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back', 'Nurse staffing remains the top concern in new workforce survey']);
    expect(top.results.slice(2).map((result) => result.title)).toEqual([
      'Health systems weigh the cost of nurse turnover',
      'Nurse Help Me game adds a leaderboard preview',
      'What Nurses Told Us About Burnout and Technology',
    ]);
    expect(await titles('xrp ledger')).toEqual([
      'XRP Ledger activity climbs as payment use cases grow',
      'Why HAIC Runs on the XRP Ledger',
      'Introducing HAIC: A Utility Token for Healthcare AI',
    ]);
    expect(await titles('"patient data"')).toEqual(['Keeping Patient Data Private in AI-Assisted Care']);
    expect(await titles('tokenomics')).toEqual(['HAIC Tokenomics Explained: 30 Billion Tokens and Where They Go']);
    // A two-letter word is a whole word ("AI", "AI-assisted"), never the start of another ("aid").
    expect(await titles('ai', { type: 'blog' })).toEqual([
      'Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back',
      'Keeping Patient Data Private in AI-Assisted Care',
      'From Pilot to Practice: How We Evaluate Clinical AI Tools',
      'AI Triage Tools: Promise, Pitfalls and What the Evidence Says',
      'Introducing HAIC: A Utility Token for Healthcare AI',
      'Telehealth After the Boom: Where Digital Care Goes Next',
    ]);
  });

  it('answers { results, total, page, pageSize }; each result typed, linked, marked and dated; shareable and tagged', async () => {
    const story = await post('Ocelot sightings in the hills', { date: '2026-01-10', text: 'The ocelot is a wild cat.' });
    await news('Ocelot crossing opens', { publishedDate: new Date('2026-02-01T09:30:00Z') });
    const fan = await player('ocelotfan', 2000, new Date('2026-03-01T12:00:00Z'));

    const response = await search({ q: 'ocelot' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['page', 'pageSize', 'results', 'total']);
    expect(response.body).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    for (const result of response.body.results as SearchResult[])
      expect(Object.keys(result).sort()).toEqual(['publishedAt', 'snippet', 'title', 'type', 'url']);
    expect(response.body.results).toEqual([
      { type: 'players', title: 'ocelotfan', url: `/runs/${fan.run.documentId}`, snippet: '<mark>ocelotfan</mark>', publishedAt: '2026-03-01T12:00:00.000Z' },
      {
        type: 'news',
        title: 'Ocelot crossing opens',
        url: expect.stringMatching(/^https:\/\/search\.example\.org\/news\/\d+$/),
        snippet: '<mark>Ocelot</mark> crossing opens',
        publishedAt: '2026-02-01T09:30:00.000Z',
      },
      {
        type: 'blog',
        title: 'Ocelot sightings in the hills',
        url: `/blog/${story.slug}`,
        snippet: expect.stringContaining('The <mark>ocelot</mark> is a wild cat'),
        publishedAt: '2026-01-10T00:00:00.000Z',
      },
    ]);

    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+, s-maxage=\d+/);
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['surrogate-key']).toBe('blog news board');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect((await app.http.get('/api/search?q=ocelot').set('If-None-Match', response.headers.etag)).status).toBe(304);
  });

  it('ranks a match in a title before a match in the text, and the newer first among equals', async () => {
    await post('Quetzal feathers, an old story', { date: '2025-03-01' });
    await news('Quetzal returns to the valley', { publishedDate: new Date('2025-06-01T08:00:00Z') });
    await post('Birds of the cloud forest', { date: '2025-09-01', text: 'The quetzal nests in dead trees.' });
    await news('Cloud forest report', { description: 'A quetzal pair was counted.', publishedDate: new Date('2025-10-01T08:00:00Z') });
    expect(await titles('quetzal')).toEqual([
      'Quetzal returns to the valley',
      'Quetzal feathers, an old story',
      'Cloud forest report',
      'Birds of the cloud forest',
    ]);
  });

  it('finds a word with one letter wrong, missing or extra (five letters or more), and words begun', async () => {
    await news('Pangolin rescue centre opens');
    await post('Night rota for the ward', { text: 'Every nurse on nights gets a break.' });
    for (const typo of ['pangolan', 'pngolin', 'pangolinn', 'pamgolin', 'angolin', 'pangoli'])
      expect({ typo, titles: await titles(typo) }).toEqual({ typo, titles: ['Pangolin rescue centre opens'] });
    for (const typo of ['nurce', 'nuse', 'nursse', 'nuese'])
      expect({ typo, titles: await titles(typo) }).toEqual({ typo, titles: expect.arrayContaining(['Night rota for the ward']) });
    // A typo in one word of two, and a word being typed.
    expect(await titles('pangolan rescue')).toEqual(['Pangolin rescue centre opens']);
    expect(await titles('pango')).toEqual(['Pangolin rescue centre opens']);
    // The typo's snippet marks the word it stood for.
    expect((await found('pangolan')).results[0].snippet).toBe('<mark>Pangolin</mark> rescue centre opens');
  });

  it('finds a quoted phrase only with its words together and in order', async () => {
    await post('The zephyr lantern glows', { date: '2025-01-02' });
    await post('A lantern in the zephyr', { date: '2025-01-01' });
    expect(await titles('"zephyr lantern"')).toEqual(['The zephyr lantern glows']);
    expect(await titles('zephyr lantern')).toEqual(['The zephyr lantern glows', 'A lantern in the zephyr']);
    expect(await titles('"lantern zephyr"')).toEqual([]);
    // Either word, and not a word.
    expect(await titles('zephyr -glows')).toEqual(['A lantern in the zephyr']);
    expect((await found('glows OR "lantern in"')).total).toBe(2);
  });

  it('keeps each type to its filter', async () => {
    const results = async (type: string) => (await found('ocelot', { type })).results.map((result) => result.type);
    expect(await results('blog')).toEqual(['blog']);
    expect(await results('news')).toEqual(['news']);
    expect(await results('players')).toEqual(['players']);
    expect(await results('all')).toEqual(['players', 'news', 'blog']);
    expect((await found('ocelot', { type: 'news' })).total).toBe(1);
  });

  it('pages through every match once, in order, with the total on every page', async () => {
    for (let i = 0; i < 13; i++) await news(`Tamarind harvest report ${i + 1}`, { publishedDate: new Date(Date.UTC(2025, 0, i + 1)) });
    const pages = [];
    for (const page of ['1', '2', '3', '4']) pages.push(await found('tamarind', { page, pageSize: '5' }));
    expect(pages.map((p) => [p.total, p.page, p.pageSize, p.results.length])).toEqual([
      [13, 1, 5, 5],
      [13, 2, 5, 5],
      [13, 3, 5, 3],
      [13, 4, 5, 0],
    ]);
    expect(pages.flatMap((p) => p.results.map((result) => result.title))).toEqual(Array.from({ length: 13 }, (_, i) => `Tamarind harvest report ${13 - i}`));
  });

  it('pages across from the title matches to the text matches without a gap or a repeat', async () => {
    for (let i = 0; i < 3; i++) await news(`Saffron prices, report ${i + 1}`, { publishedDate: new Date(Date.UTC(2024, 0, i + 1)) });
    for (let i = 0; i < 4; i++)
      await news(`Spice market report ${i + 1}`, { description: 'Saffron was traded.', publishedDate: new Date(Date.UTC(2024, 1, i + 1)) });
    const pages = [];
    for (const page of ['1', '2', '3', '4', '5']) pages.push((await found('saffron', { page, pageSize: '2' })).results.map((result) => result.title));
    expect(pages).toEqual([
      ['Saffron prices, report 3', 'Saffron prices, report 2'],
      ['Saffron prices, report 1', 'Spice market report 4'],
      ['Spice market report 3', 'Spice market report 2'],
      ['Spice market report 1'],
      [],
    ]);
  });

  it('never finds a draft, an unpublished post, a post dated tomorrow, an inactive news item or a deleted player', async () => {
    await post('Wombat burrows explained');
    await post('Wombat draft notes', { status: 'draft' });
    const unpublished = await post('Wombat post taken down');
    await app.strapi.documents(BLOG).unpublish({ documentId: unpublished.documentId });
    await post('Wombat news of tomorrow', { date: day(1) });
    await news('Wombat item switched off', { isActive: false });
    const switchedOff = await news('Wombat item switched off later');
    await app.strapi.documents(NEWS).update({ documentId: switchedOff.documentId, data: { isActive: false } as any });
    const leaving = await player('wombatkeeper');
    expect(await titles('wombat')).toEqual(['wombatkeeper', 'Wombat burrows explained']);

    expect((await app.http.post('/api/users/delete-account', { password: 'Passw0rd!x' }, leaving.token)).status).toBe(200);
    expect(await titles('wombat')).toEqual(['Wombat burrows explained']);
    expect(await titles('wombatkeeper')).toEqual([]);
  });

  it('shows a publish, an edit, an unpublish, a news fetch and a deletion at once (the cached answer is purged)', async () => {
    const draft = await post('Ibis migration begins', { status: 'draft' });
    expect(await titles('ibis')).toEqual([]);
    await app.strapi.documents(BLOG).publish({ documentId: draft.documentId });
    expect(await titles('ibis')).toEqual(['Ibis migration begins']);

    await app.strapi.documents(BLOG).update({ documentId: draft.documentId, data: { title: 'Heron migration begins' } as any });
    await app.strapi.documents(BLOG).publish({ documentId: draft.documentId });
    expect(await titles('ibis')).toEqual([]);
    expect(await titles('heron migration')).toEqual(['Heron migration begins']);

    await app.strapi.documents(BLOG).unpublish({ documentId: draft.documentId });
    expect(await titles('heron migration')).toEqual([]);

    const feeds: FeedServer = await startFeedServer(
      (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/rss+xml' });
        res.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Birds</title><link>https://birds.example.org/</link>
          <item><title>Kestrel hovers over the motorway</title><link>https://birds.example.org/kestrel</link><description>Seen from the bridge.</description></item>
        </channel></rss>`);
      },
      { https: false },
    );
    try {
      expect(await titles('kestrel')).toEqual([]);
      await app.strapi.documents(FEED).create({ data: { name: 'Birds', url: `${feeds.base}/birds.rss`, category: 'other', enabled: true } as any });
      await app.strapi.service('api::news-feed.aggregator').run();
      expect(await titles('kestrel')).toEqual(['Kestrel hovers over the motorway']);
    } finally {
      await feeds.close();
    }
    const kestrel = await app.strapi.documents(NEWS).findFirst({ filters: { title: 'Kestrel hovers over the motorway' } });
    await app.strapi.documents(NEWS).delete({ documentId: kestrel!.documentId });
    expect(await titles('kestrel')).toEqual([]);
  });

  it("follows a player's best run, and their new name", async () => {
    const heron = await player('heronwatcher', 1000, new Date('2026-01-01T10:00:00Z'));
    expect((await found('heronwatcher')).results).toEqual([
      expect.objectContaining({ type: 'players', url: `/runs/${heron.run.documentId}`, publishedAt: '2026-01-01T10:00:00.000Z' }),
    ]);
    const better = await storeRun(app, { user: heron.user.id }, { verified: true, totalPoints: 3000, playedDate: new Date('2026-01-02T10:00:00Z') });
    expect((await found('heronwatcher')).results).toEqual([
      expect.objectContaining({ url: `/runs/${better.documentId}`, publishedAt: '2026-01-02T10:00:00.000Z' }),
    ]);
    // Unranked runs put nobody on the board.
    const unranked = await createUser(app, 'heronunranked');
    await storeRun(app, { user: unranked.user.id }, { verified: false });
    expect(await titles('heronunranked')).toEqual([]);
    // Renamed in the panel (the content manager's Users list), as the site itself never renames anyone.
    await app.strapi.documents('plugin::users-permissions.user').update({ documentId: heron.user.documentId, data: { username: 'egretwatcher' } as any });
    expect(await titles('heronwatcher')).toEqual([]);
    expect(await titles('egretwatcher')).toEqual(['egretwatcher']);
  });

  it('gives snippets as safe HTML: the text escaped, the matches in <mark> only', async () => {
    await post('Okapi field notes <b>bold</b>', { text: 'Beware <script>alert("okapi")</script> & <img src=x onerror=alert(1)> near the okapi\'s pen.' });
    const [result] = (await found('okapi')).results;
    expect(result.title).toBe('Okapi field notes <b>bold</b>');
    expect(result.snippet).toMatch(MARKS_ONLY);
    expect(result.snippet).toContain('&lt;script&gt;alert(&quot;<mark>okapi</mark>&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    const noise = (await found('<script> onerror img')).results;
    expect(noise.map((r) => r.snippet).every((snippet) => MARKS_ONLY.test(snippet))).toBe(true);
  });

  it('takes anything a person types as a query: never a syntax error, never a 5xx', async () => {
    const queries = [
      '"',
      '""',
      '"nurse',
      'nurse"',
      '" "',
      '*',
      'nurse*',
      '**',
      ':',
      'title:nurse',
      '{title}: nurse',
      '-',
      '--',
      '-nurse',
      '- nurse',
      '-"',
      '"-"',
      '(',
      ')',
      '(nurse',
      'nurse)',
      '()',
      'NEAR',
      'NEAR(nurse help)',
      'nurse NEAR help',
      'OR',
      'OR OR',
      'nurse OR',
      'OR nurse',
      'AND',
      'NOT',
      'nurse AND NOT help',
      '^nurse',
      'nurse^2',
      '+nurse',
      '~nurse',
      'nurse~1',
      '&',
      '|',
      '!',
      '!!',
      '<->',
      'a <-> b',
      "'",
      "''",
      "nurse's",
      "'nurse':*",
      ':*',
      'nurse:*A',
      '\\',
      '\\\\',
      '%',
      '_',
      '%_%',
      '🙂🙂',
      '👩‍⚕️ nurse',
      '🏳️‍🌈',
      '𝒩𝓊𝓇𝓈𝑒',
      'ﬁnance',
      'Ｎｕｒｓｅ',
      '護士 看護',
      'ممرضة',
      'नर्स',
      'e\u0301',
      '\u200b\u200b',
      'a\u00a0b',
      '   ab   ',
      '1,500+',
      '$0.01',
      '3-5',
      'AI-assisted',
      '?q=x&type=y',
      // Marks with no letter to carry them, and other letters and numbers an engine's tokenizer may drop.
      '\u093f\u093f',
      '\u0903\u0903',
      '\u20dd\u20dd',
      'a\u20dd\u20ddb',
      '\u200d\u200d',
      '𝐀𝐁',
      '²³',
      'ⅧⅧ',
      '〇〇',
      '\u0301\u0301',
      'SELECT * FROM haic_search',
      "' OR 1=1 --",
      '"; DROP TABLE blog_posts; --',
      'x'.repeat(100),
      'ab '.repeat(33),
      '" '.repeat(50),
      '-a '.repeat(33),
      'OR '.repeat(33),
    ];
    const noise = Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 2 + ((i * 37) % 99) }, (_, j) => String.fromCodePoint(33 + ((i * 131 + j * 71) % 94))).join(''),
    );
    const answers: string[] = [];
    for (const q of [...queries, ...noise]) {
      const response = await search({ q });
      const trimmed = q.trim().length;
      const expected = trimmed >= 2 && trimmed <= 100 ? 200 : 400;
      if (response.status !== expected || (expected === 200 && !Array.isArray(response.body.results))) answers.push(`${JSON.stringify(q)}: ${response.status}`);
      for (const type of expected === 200 ? ['blog', 'players'] : [])
        if ((await search({ q, type, page: '2' })).status !== 200) answers.push(`${JSON.stringify(q)} ${type}: not 200`);
    }
    expect(answers).toEqual([]);
    // 300 characters of noise is over the bound: a 400 naming q, never a 5xx.
    const long = await search({ q: noise.join('').slice(0, 300) });
    expect(long.status).toBe(400);
    expect(long.body.error.details.errors[0].path).toEqual(['q']);
  });

  it('names q when it is not 2 to 100 characters after trimming, and type, page and pageSize when they are wrong', async () => {
    const refused = async (query: string) => {
      const response = await app.http.get(`/api/search?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      return response.body.error.details.errors.map((error: { path: string[] }) => error.path[0]);
    };
    for (const q of ['', ' ', 'a', '  a  ', 'x'.repeat(101), ' '.repeat(200)]) expect(await refused(new URLSearchParams({ q }).toString())).toEqual(['q']);
    expect(await refused('type=blog')).toEqual(['q']);
    expect(await refused('q=a&q=b')).toEqual(['q']);
    expect(await refused(`q=${encodeURIComponent('nurse\u0001')}`)).toEqual(['q']);
    expect(await refused('q=ocelot&type=post')).toEqual(['type']);
    expect(await refused('q=ocelot&type=blog&type=news')).toEqual(['type']);
    expect(await refused('q=ocelot&page=0')).toEqual(['page']);
    expect(await refused('q=ocelot&page=1.5')).toEqual(['page']);
    expect(await refused('q=ocelot&pageSize=51')).toEqual(['pageSize']);
    expect(await refused('q=a&type=x&page=-1&pageSize=0')).toEqual(['q', 'type', 'page', 'pageSize']);
    for (const q of ['ab', ' ab ', 'x'.repeat(100), ` ${'y'.repeat(100)} `]) expect((await search({ q })).status).toBe(200);
  });
});
