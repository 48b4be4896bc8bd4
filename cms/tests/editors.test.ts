import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

// The editors' tools: preview links, scheduled publishing, future-dated posts, slug uniqueness, contact read flag.
let app: TestApp;

const BLOG = 'api::blog-post.blog-post';
const CONTACT = 'api::contact-message.contact-message';
const HOUR = 60 * 60 * 1000;

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 24 * HOUR).toISOString().slice(0, 10);
const preview = () => app.strapi.service('api::blog-post.preview') as any;
const schedule = () => app.strapi.service('api::blog-post.schedule') as any;
const graphql = (query: string, variables: object = {}) =>
  request(app.strapi.server.httpServer).post('/graphql').set('Content-Type', 'application/json').send({ query, variables });
const previewRead = (slug: string, token: string) => app.http.get(`/api/blog/preview?slug=${encodeURIComponent(slug)}&token=${encodeURIComponent(token)}`);

let counter = 0;
async function draftPost(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return app.strapi.documents(BLOG).create({
    data: {
      title: `Editor post ${counter}`,
      slug: `editor-post-${counter}`,
      summary: `Summary ${counter}`,
      authorName: 'Eddie Editor',
      publishedDate: utcDay(-1),
      body: [{ type: 'paragraph', children: [{ type: 'text', text: `Body of post ${counter}` }] }],
      ...overrides,
    } as any,
  });
}

const publicTitles = async () => ((await app.http.get('/api/blog?page=1&pageSize=50')).body as any[]).map((p) => p.title);

beforeAll(async () => {
  app = await startTestApp();
  await app.http.xsrfToken();
});

afterAll(async () => {
  await app?.stop();
});

describe('preview links', () => {
  it('a valid token opens the latest draft of its post, with no-store and noindex headers', async () => {
    const post = await draftPost({ title: 'Draft for preview' });
    const token = preview().createToken(post.documentId);
    const response = await previewRead(post.slug, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ documentId: post.documentId, title: 'Draft for preview', slug: post.slug, authorName: 'Eddie Editor' });
    expect(JSON.stringify(response.body.body)).toContain(`Body of post ${counter}`);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');

    // Published, then edited again: the preview shows the new draft text, the site still the published one.
    await app.strapi.documents(BLOG).publish({ documentId: post.documentId });
    await app.strapi.documents(BLOG).update({ documentId: post.documentId, data: { title: 'Draft for preview, edited' } as any });
    expect((await previewRead(post.slug, token)).body.title).toBe('Draft for preview, edited');
    expect(await publicTitles()).toContain('Draft for preview');
    expect(await publicTitles()).not.toContain('Draft for preview, edited');
  });

  it('the panel Preview button gets the site address with a token bound to the document', async () => {
    const post = await draftPost();
    const url: string = await app.strapi.plugin('content-manager').service('preview').getPreviewUrl(BLOG, { documentId: post.documentId, status: 'draft' });
    const match = url.match(/^\/blog\/([^?]+)\?preview=([A-Za-z0-9_.-]+)$/);
    expect(match).not.toBeNull();
    expect(match![1]).toBe(post.slug);
    expect(preview().verify(match![2])).toEqual({ documentId: post.documentId });
    // Other content types offer no preview.
    expect(await app.strapi.plugin('content-manager').service('preview').getPreviewUrl(CONTACT, { documentId: 'x', status: 'published' })).toBeNull();
  });

  it("a token for one post does not open another post's draft", async () => {
    const mine = await draftPost();
    const other = await draftPost({ title: 'Someone else draft' });
    const response = await previewRead(other.slug, preview().createToken(mine.documentId));
    expect(response.status).toBe(404);
    expect(JSON.stringify(response.body)).not.toContain('Someone else draft');
  });

  it('a token expires after one hour', async () => {
    const post = await draftPost();
    const almost = preview().createToken(post.documentId, Date.now() - HOUR + 60_000);
    expect((await previewRead(post.slug, almost)).status).toBe(200);
    const expired = preview().createToken(post.documentId, Date.now() - HOUR - 1000);
    expect((await previewRead(post.slug, expired)).status).toBe(404);
    expect(preview().verify(expired)).toBeNull();
  });

  it('a tampered, forged or malformed token is refused with the same 404', async () => {
    const post = await draftPost({ title: 'Guarded draft' });
    const other = await draftPost();
    const token: string = preview().createToken(post.documentId);
    const [payload, signature] = token.split('.');
    const otherPayload = preview().createToken(other.documentId).split('.')[0];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forgedClaims = Buffer.from(JSON.stringify({ d: post.documentId, e: Date.now() + 10 * HOUR })).toString('base64url');
    const bad = [
      `${flip(payload, 3)}.${signature}`,
      `${payload}.${flip(signature, 10)}`,
      `${otherPayload}.${signature}`,
      `${forgedClaims}.${signature}`,
      `${forgedClaims}.${'A'.repeat(43)}`,
      payload,
      `${token}.extra`,
      '',
      'not-a-token',
      'x'.repeat(5000),
    ];
    for (const forged of bad) {
      const response = await previewRead(post.slug, forged);
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('Guarded draft');
    }
    // No token, two tokens, or no slug at all.
    expect((await app.http.get(`/api/blog/preview?slug=${post.slug}`)).status).toBe(404);
    expect((await app.http.get(`/api/blog/preview?slug=${post.slug}&token=${token}&token=${token}`)).status).toBe(404);
    expect((await app.http.get(`/api/blog/preview?token=${token}`)).status).toBe(404);
  });

  it('a token signed with another secret is refused', async () => {
    const post = await draftPost();
    const token = preview().createToken(post.documentId);
    const saved = process.env.PREVIEW_SECRET;
    process.env.PREVIEW_SECRET = 'another-secret-of-enough-length';
    try {
      expect(preview().verify(token)).toBeNull();
    } finally {
      process.env.PREVIEW_SECRET = saved;
    }
    expect(preview().verify(token)).toEqual({ documentId: post.documentId });
  });

  it('anonymous API reads never return drafts, whatever status they ask for', async () => {
    const post = await draftPost({ title: 'Never public draft' });
    const rest = await app.http.get(`/api/blog-posts?status=draft&filters[slug][$eq]=${post.slug}`);
    expect(JSON.stringify(rest.body)).not.toContain('Never public draft');
    const one = await app.http.get(`/api/blog-posts/${post.documentId}?status=draft`);
    expect(JSON.stringify(one.body)).not.toContain('Never public draft');
    const gql = await graphql('query ($slug: String!) { blogPosts(status: DRAFT, filters: { slug: { eq: $slug } }) { title } }', { slug: post.slug });
    expect(JSON.stringify(gql.body)).not.toContain('Never public draft');
    const byId = await graphql('query ($id: ID!) { blogPost(documentId: $id, status: DRAFT) { title } }', { id: post.documentId });
    expect(JSON.stringify(byId.body)).not.toContain('Never public draft');
  });
});

describe('future-dated posts', () => {
  it('a published post dated tomorrow is on no public read until its day', async () => {
    const post = await draftPost({ title: 'Tomorrow post', publishedDate: utcDay(1) });
    await app.strapi.documents(BLOG).publish({ documentId: post.documentId });
    const today = await draftPost({ title: 'Today post', publishedDate: utcDay(0) });
    await app.strapi.documents(BLOG).publish({ documentId: today.documentId });

    const titles = await publicTitles();
    expect(titles).toContain('Today post');
    expect(titles).not.toContain('Tomorrow post');
    const gqlList = await graphql('{ blogPosts(pagination: { pageSize: 50 }) { title } }');
    expect(gqlList.body.data.blogPosts.map((p: any) => p.title)).toContain('Today post');
    expect(JSON.stringify(gqlList.body)).not.toContain('Tomorrow post');
    const gqlBySlug = await graphql('query ($slug: String!) { blogPosts(filters: { slug: { eq: $slug } }) { title } }', { slug: post.slug });
    expect(gqlBySlug.body.data.blogPosts).toEqual([]);
    const gqlById = await graphql('query ($id: ID!) { blogPost(documentId: $id) { title } }', { id: post.documentId });
    expect(JSON.stringify(gqlById.body)).not.toContain('Tomorrow post');
    // The panel still sees it as published.
    expect(await app.strapi.documents(BLOG).findOne({ documentId: post.documentId, status: 'published' })).not.toBeNull();
  });
});

describe('scheduled publishing', () => {
  it('publishes one post whose time has come, dated that day, and leaves a later one scheduled', async () => {
    const due = await draftPost({ title: 'Due post', publishedDate: utcDay(-30), publishAt: new Date(Date.now() - 30_000).toISOString() });
    const later = await draftPost({ title: 'Later post', publishAt: new Date(Date.now() + HOUR).toISOString() });
    expect(await publicTitles()).not.toContain('Due post');

    const result = await schedule().publishDue();
    expect(result.published).toEqual([due.documentId]);
    expect(result.failed).toEqual([]);
    const titles = await publicTitles();
    expect(titles).toContain('Due post');
    expect(titles).not.toContain('Later post');

    const published = await app.strapi.documents(BLOG).findOne({ documentId: due.documentId, status: 'published' });
    expect(published).toMatchObject({ publishedDate: utcDay(0), publishAt: null });
    // Draft and published copies agree: the panel shows the post as published, not modified.
    const draft = await app.strapi.documents(BLOG).findOne({ documentId: due.documentId, status: 'draft' });
    expect(draft).toMatchObject({ publishedDate: utcDay(0), publishAt: null });
    expect(await app.strapi.documents(BLOG).findOne({ documentId: later.documentId, status: 'published' })).toBeNull();

    // A second run publishes nothing more.
    expect((await schedule().publishDue()).published).toEqual([]);
    // The later post goes out when its time comes.
    expect((await schedule().publishDue(new Date(Date.now() + HOUR + 1000))).published).toEqual([later.documentId]);
  });

  it('publishes several posts due at once, in their order, and keeps an editor-chosen later date', async () => {
    const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
    const first = await draftPost({ title: 'Batch A', publishAt: at(3000) });
    const second = await draftPost({ title: 'Batch B', publishAt: at(2000), publishedDate: utcDay(2) });
    const third = await draftPost({ title: 'Batch C', publishAt: at(1000) });
    const result = await schedule().publishDue();
    expect(result.published).toEqual([first.documentId, second.documentId, third.documentId]);
    const titles = await publicTitles();
    expect(titles).toEqual(expect.arrayContaining(['Batch A', 'Batch C']));
    // Batch B is published but dated the day after tomorrow by its editor: it waits for that day.
    expect(titles).not.toContain('Batch B');
    expect(await app.strapi.documents(BLOG).findOne({ documentId: second.documentId, status: 'published' })).toMatchObject({ publishedDate: utcDay(2) });
  });

  it('a due post that cannot be published stays scheduled and does not stop the others', async () => {
    const broken = await draftPost({ title: 'Broken scheduled', summary: null, publishAt: new Date(Date.now() - 5000).toISOString() });
    const fine = await draftPost({ title: 'Fine scheduled', publishAt: new Date(Date.now() - 4000).toISOString() });
    const result = await schedule().publishDue();
    expect(result.failed).toEqual([broken.documentId]);
    expect(result.published).toEqual([fine.documentId]);
    const stillDraft = await app.strapi.documents(BLOG).findOne({ documentId: broken.documentId, status: 'draft' });
    expect(new Date(stillDraft!.publishAt as string).getTime()).toBe(new Date((broken as any).publishAt).getTime());
    expect(await publicTitles()).not.toContain('Broken scheduled');
  });

  it("the public API does not reveal a post's schedule", async () => {
    const post = await draftPost({ title: 'Scheduled secret', publishAt: new Date(Date.now() + HOUR).toISOString() });
    await app.strapi.documents(BLOG).publish({ documentId: post.documentId });
    const gql = await graphql('query ($slug: String!) { blogPosts(filters: { slug: { eq: $slug } }) { title publishAt } }', { slug: post.slug });
    expect(gql.body.errors?.[0]?.message).toMatch(/publishAt/);
    const list = await app.http.get('/api/blog?page=1&pageSize=50');
    expect(list.body.find((p: any) => p.title === 'Scheduled secret')).not.toHaveProperty('publishAt');
  });
});

describe('slugs', () => {
  it('a slug belongs to one post: creating or renaming onto a taken slug fails with a clear message naming the field', async () => {
    const taken = await draftPost({ title: 'Original owner', slug: 'taken-slug' });
    await expect(draftPost({ slug: 'taken-slug' })).rejects.toMatchObject({
      message: 'The slug "taken-slug" is already used by the post "Original owner". Choose another slug.',
      details: { errors: [expect.objectContaining({ path: ['slug'] })] },
    });
    // Also when the owner is published (both its draft and published copies hold the slug).
    await app.strapi.documents(BLOG).publish({ documentId: taken.documentId });
    const other = await draftPost();
    await expect(app.strapi.documents(BLOG).update({ documentId: other.documentId, data: { slug: 'taken-slug' } as any })).rejects.toThrow(
      /already used by the post "Original owner"/,
    );
    // The owner itself can be saved again with its own slug.
    await expect(
      app.strapi.documents(BLOG).update({ documentId: taken.documentId, data: { slug: 'taken-slug', title: 'Original owner' } as any }),
    ).resolves.toBeTruthy();
    expect(await app.strapi.db.query(BLOG).count({ where: { slug: 'taken-slug' } })).toBe(2);
    // The panel's Duplicate: the copy needs a slug of its own.
    await expect(app.strapi.documents(BLOG).clone({ documentId: taken.documentId, data: { slug: 'taken-slug' } as any })).rejects.toThrow(/already used/);
    const copy = await app.strapi.documents(BLOG).clone({ documentId: taken.documentId, data: { slug: 'taken-slug-copy', title: 'Copy' } as any });
    expect(copy.documentId).not.toBe(taken.documentId);
  });
});

describe('contact messages', () => {
  it('arrive unread; an editor can mark them read', async () => {
    const response = await app.http.post('/api/contact', {
      name: 'Reader',
      email: 'reader@example.com',
      subject: 'A question',
      message: 'Is there a roadmap update?',
    });
    expect(response.status).toBe(201);
    const stored = await app.strapi.documents(CONTACT).findFirst({ filters: { email: 'reader@example.com' } });
    expect(stored).toMatchObject({ read: false });
    const updated = await app.strapi.documents(CONTACT).update({ documentId: stored!.documentId, data: { read: true } as any });
    expect(updated).toMatchObject({ read: true });
  });

  it('the public cannot mark its own message read', async () => {
    await app.http.post('/api/contact', { name: 'Sneaky', email: 'sneaky@example.com', subject: 'Read already', message: 'Please mark me read', read: true });
    const stored = await app.strapi.documents(CONTACT).findFirst({ filters: { email: 'sneaky@example.com' } });
    expect(stored?.read).toBe(false);
  });
});
