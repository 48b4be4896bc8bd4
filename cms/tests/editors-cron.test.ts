import { withTestApp } from './helpers/strapi';

// Scheduled publishing runs by itself on PUBLISH_SCHEDULE_CRON (every second here).
const BLOG = 'api::blog-post.blog-post';

const app = withTestApp({ CRON_ENABLED: 'true', PUBLISH_SCHEDULE_CRON: '* * * * * *', NEWS_FETCH_CRON: '0 0 1 1 *' });

it('publishes a post on the scheduled-publishing job once its time has come', async () => {
  expect(app.strapi.cron.jobs.map((job: any) => job.name)).toContain('scheduledPublishing');
  const due = new Date(Date.now() + 1500);
  const post = await app.strapi.documents(BLOG).create({
    data: {
      title: 'Cron published',
      slug: 'cron-published',
      summary: 'Goes out on its own.',
      authorName: 'Eddie Editor',
      publishedDate: new Date().toISOString().slice(0, 10),
      publishAt: due.toISOString(),
    } as any,
  });
  // Not before its time...
  expect((await app.http.get('/api/blog?page=1&pageSize=50')).body.map((p: any) => p.title)).not.toContain('Cron published');
  const deadline = Date.now() + 15_000;
  let published = null;
  while (!published && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    published = await app.strapi.documents(BLOG).findOne({ documentId: post.documentId, status: 'published' });
  }
  // ...and on the site once it is.
  expect(published).not.toBeNull();
  expect(new Date(published!.publishedAt as string).getTime()).toBeGreaterThanOrEqual(due.getTime());
  const titles = (await app.http.get('/api/blog?page=1&pageSize=50')).body.map((p: any) => p.title);
  expect(titles).toContain('Cron published');
});
