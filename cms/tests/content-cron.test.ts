import http from 'http';
import type { AddressInfo } from 'net';
import { startTestApp, type TestApp } from './helpers/strapi';

// This file turns the cron on (every second) to show the task runs by itself.
let app: TestApp;
let server: http.Server;

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Cron wire</title>
<item><title>Scheduled fetch works</title><link>http://cron.test/item-1</link><description>From the cron task.</description><pubDate>Tue, 03 Nov 2026 10:00:00 GMT</pubDate></item>
</channel></rss>`;

beforeAll(async () => {
  server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(RSS));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({ CRON_ENABLED: 'true', NEWS_FETCH_CRON: '* * * * * *' });
  await app.strapi.documents('api::news-feed.news-feed').create({
    data: { name: 'Cron wire', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rss`, category: 'finance', enabled: true } as any,
  });
});

afterAll(async () => {
  await app?.stop();
  await new Promise((resolve) => server.close(resolve));
  process.env.CRON_ENABLED = 'false';
  delete process.env.NEWS_FETCH_CRON;
});

it('the news aggregation task is scheduled and fetches enabled feeds on its schedule', async () => {
  expect(app.strapi.cron.jobs.map((job: any) => job.name)).toContain('newsAggregation');
  const deadline = Date.now() + 15000;
  let item: any = null;
  while (!item && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    item = await app.strapi.db.query('api::news-item.news-item').findOne({ where: { url: 'http://cron.test/item-1' } });
  }
  expect(item).toMatchObject({ title: 'Scheduled fetch works', category: 'finance', source: 'Cron wire', isActive: true });
});
