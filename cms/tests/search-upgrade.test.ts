/**
 * A database made before search upgrades in place (on SQLite, and on PostgreSQL with HAIC_TEST_DATABASE=postgres):
 * the migration builds the index from every published post, active news item and ranked player already
 * stored, every row kept, and a second start adds nothing. An index that lost a trigger (Strapi remakes a
 * SQLite table it alters, without its triggers) is made again at start-up, with what was written meanwhile.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { startTestDatabase, TEST_DATABASE, type DatabaseForTests } from './helpers/postgres';
import { storeRun } from './helpers/runs';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const BLOG = 'api::blog-post.blog-post';
const NEWS = 'api::news-item.news-item';
const MIGRATION = '2026.12.01T00.00.00.search-index.js';
const SOURCE_TABLES = ['blog_posts', 'news_items', 'up_users', 'game_scores', 'haic_player_bests'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-search-upgrade-'));
let database: DatabaseForTests;
let app: TestApp | null = null;

const start = async () => {
  app = await startTestApp({ ...database.env, DATABASE_FILENAME: path.join(dir, 'upgrade.db') });
};

beforeAll(async () => {
  database = await startTestDatabase();
}, 120_000);

afterAll(async () => {
  await app?.stop();
  database?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rows = async (sql: string): Promise<Record<string, unknown>[]> => {
  const answer = await app!.strapi.db.connection.raw(sql);
  return Array.isArray(answer) ? answer : answer.rows;
};
const counts = async () =>
  Object.fromEntries(await Promise.all(SOURCE_TABLES.map(async (table) => [table, Number((await rows(`select count(*) as n from ${table}`))[0].n)])));

/** What the code before search left: no index, no triggers, no extensions or configuration, the migration not run. */
async function removeSearch() {
  if (TEST_DATABASE === 'sqlite') {
    for (const { name } of await rows(`select name from sqlite_master where type = 'trigger' and name like 'haic_search_%'`))
      await rows(`drop trigger ${name}`);
    for (const table of ['haic_search_vocab', 'haic_search', 'haic_search_state']) await rows(`drop table ${table}`);
  } else {
    await rows(`drop table haic_search, haic_search_text, haic_search_words, haic_search_state`);
    for (const { name } of await rows(`select proname as name from pg_proc where proname like 'haic_search_%'`)) await rows(`drop function ${name} cascade`);
    await rows(`drop text search configuration haic_search`);
    await rows(`drop extension pg_trgm; drop extension unaccent`);
  }
  await app!.strapi.db.connection('strapi_migrations').where({ name: MIGRATION }).del();
}

const search = async (q: string) => (await app!.http.get(`/api/search?q=${encodeURIComponent(q)}&pageSize=50`)).body;
const titles = async (q: string) => (await search(q)).results.map((result: { title: string }) => result.title).sort();

it(`builds the index of a database made before it, from every row it shows, once (${TEST_DATABASE})`, async () => {
  // 1. The content of a site that ran before search.
  await start();
  const create = (title: string, status: 'published' | 'draft', date = '2025-05-01') =>
    app!.strapi.documents(BLOG).create({
      data: {
        title,
        slug: title.toLowerCase().replace(/\W+/g, '-'),
        summary: `About ${title}.`,
        authorName: 'Upgrade',
        publishedDate: date,
        body: [{ type: 'paragraph', children: [{ type: 'text', text: 'Kept through the upgrade of the archive.' }] }],
      } as any,
      status,
    });
  for (let i = 0; i < 12; i++) await create(`Archive post ${i}`, 'published', `2025-05-${String(i + 1).padStart(2, '0')}`);
  await create('Archive draft', 'draft');
  const unpublished = await create('Archive unpublished', 'published');
  await app!.strapi.documents(BLOG).unpublish({ documentId: unpublished.documentId });
  for (let i = 0; i < 20; i++) {
    await app!.strapi.documents(NEWS).create({
      data: {
        title: `Archive headline ${i}`,
        description: 'From the archive.',
        url: `https://archive.example.org/${i}`,
        source: 'Archive Wire',
        category: 'other',
        publishedDate: new Date(Date.UTC(2025, 6, i + 1)).toISOString(),
        isActive: i % 5 !== 0,
      } as any,
    });
  }
  for (const name of ['archivist', 'archiveguest']) {
    const { user } = await createUser(app!, name);
    await storeRun(app!, { user: user.id }, { verified: name === 'archivist', totalPoints: 1200 });
  }
  await removeSearch();
  const before = await counts();
  await app!.stop();

  // 2. This version starts on it: the migration indexes what was there.
  await start();
  expect(await rows(`select name from strapi_migrations where name = '${MIGRATION}'`)).toHaveLength(1);
  expect(await counts()).toEqual(before);
  const archive = await search('archive');
  expect(archive.total).toBe(12 + 16);
  expect(await titles('archive post')).toEqual(Array.from({ length: 12 }, (_, i) => `Archive post ${i}`).sort());
  expect(await titles('archive headline')).toHaveLength(16);
  expect(await titles('archivist')).toEqual(['archivist']);
  expect(await titles('archive draft')).toEqual([]);
  expect(await titles('archive unpublished')).toEqual([]);
  expect(await titles('archiveguest')).toEqual([]);
  expect(await titles('archve')).toHaveLength(28);
  await app!.stop();

  // 3. Started again: nothing is indexed twice.
  await start();
  expect(await search('archive')).toEqual(archive);
  expect(await counts()).toEqual(before);
});

it(`makes the index again at start-up when a trigger is missing, with what was written meanwhile (${TEST_DATABASE})`, async () => {
  if (TEST_DATABASE === 'sqlite') await rows(`drop trigger haic_search_blog_insert`);
  else await rows(`drop trigger haic_search_blog on blog_posts`);
  await app!.strapi.documents(BLOG).create({
    data: {
      title: 'Archive written meanwhile',
      slug: 'archive-meanwhile',
      summary: 'Written without a trigger.',
      authorName: 'Upgrade',
      publishedDate: '2025-06-01',
    } as any,
    status: 'published',
  });
  expect(await titles('meanwhile')).toEqual([]);
  await app!.stop();
  await start();
  expect(await titles('meanwhile')).toEqual(['Archive written meanwhile']);
  expect((await search('archive')).total).toBe(29);
});
