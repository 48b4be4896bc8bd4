import path from 'path';
import { withTestApp } from './helpers/strapi';

// The seed command's content seeders (seed/dist, built by `npm test`), run against this file's database.
const seedDist = path.resolve(__dirname, '..', '..', 'seed', 'dist');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedBlog } = require(path.join(seedDist, 'blog.js'));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built seed command (seed/dist, built by npm test), by its path
const { seedNews } = require(path.join(seedDist, 'news.js'));
const seedAll = async (strapi: unknown) => [await seedBlog(strapi), await seedNews(strapi)];

const app = withTestApp();

it('seeds 12+ published posts with images, 12+ news items in every category and a disabled feed, once', async () => {
  const first = await seedAll(app.strapi);
  const created = Object.fromEntries(first.map((r: any) => [r.name, r.created]));
  expect(created.blog).toBeGreaterThanOrEqual(12);
  expect(created.news).toBeGreaterThanOrEqual(13);

  const page1 = await app.http.get('/api/blog?page=1&pageSize=10');
  expect(page1.body).toHaveLength(10);
  expect(page1.body.every((p: any) => /^\/uploads\/.+\.webp$/.test(p.featuredImageUrl))).toBe(true);
  const all = await app.http.get('/api/blog?page=1&pageSize=50');
  expect(all.body.length).toBeGreaterThanOrEqual(12);
  expect(new Set(all.body.map((p: any) => p.publishedDate)).size).toBe(all.body.length);

  const news = await app.http.get('/api/news/aggregate');
  expect(news.body.length).toBeGreaterThanOrEqual(12);
  expect(new Set(news.body.map((n: any) => n.category))).toEqual(new Set(['health', 'finance', 'crypto', 'other']));
  expect(new Set(news.body.map((n: any) => n.url)).size).toBe(news.body.length);

  const feeds = await app.strapi.db.query('api::news-feed.news-feed').findMany({});
  expect(feeds).toHaveLength(1);
  expect(feeds[0].enabled).toBe(false);

  const counts = async () => ({
    posts: await app.strapi.db.query('api::blog-post.blog-post').count({}),
    files: await app.strapi.db.query('plugin::upload.file').count({}),
    news: await app.strapi.db.query('api::news-item.news-item').count({}),
    feeds: await app.strapi.db.query('api::news-feed.news-feed').count({}),
  });
  const before = await counts();
  const second = await seedAll(app.strapi);
  expect(second.map((r: any) => r.created)).toEqual(second.map(() => 0));
  expect(await counts()).toEqual(before);
});
