/**
 * A news item links to http(s) addresses only: a javascript: or data: URL saved in the panel is refused
 * naming the field, and one stored before the rule is never served on /api/news/aggregate.
 */
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
let token = '';
const NEWS = 'api::news-item.news-item';
const PANEL = `/content-manager/collection-types/${NEWS}`;

beforeAll(async () => {
  app = await startTestApp();
  const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
  await app.strapi.service('admin::user').create({
    email: 'news-links@example.com',
    firstname: 'News',
    lastname: 'Editor',
    password: 'Panel-Pass-123',
    isActive: true,
    registrationToken: null,
    roles: [role.id],
  });
  const login = await request(app.strapi.server.httpServer).post('/admin/login').send({ email: 'news-links@example.com', password: 'Panel-Pass-123' });
  token = login.body.data.token ?? login.body.data.accessToken;
}, 300_000);
afterAll(async () => {
  await app.stop();
});

const item = (overrides: Record<string, unknown>) => ({
  title: 'A story',
  description: 'About it',
  source: 'Desk',
  category: 'health',
  publishedDate: new Date().toISOString(),
  isActive: true,
  url: 'https://news.example.org/story',
  ...overrides,
});
const save = (data: Record<string, unknown>) => request(app.strapi.server.httpServer).post(PANEL).set('Authorization', `Bearer ${token}`).send(data);

describe('saving a news item in the panel', () => {
  it.each([
    ['url', 'javascript:alert(document.cookie)', 'URL must be an http or https address'],
    ['url', ' javascript:alert(1)', 'URL must be an http or https address'],
    ['url', 'JaVaScRiPt:alert(1)', 'URL must be an http or https address'],
    ['url', 'data:text/html,<script>alert(1)</script>', 'URL must be an http or https address'],
    ['url', 'vbscript:msgbox(1)', 'URL must be an http or https address'],
    ['url', '//evil.example/story', 'URL must be an http or https address'],
    ['imageUrl', 'javascript:alert(1)', 'Image URL must be an http or https address, or a path on this site'],
    ['imageUrl', '//evil.example/x.png', 'Image URL must be an http or https address, or a path on this site'],
  ])('%s %j is refused, naming the field', async (field, value, message) => {
    const before = await app.strapi.db.query(NEWS).count({});
    const response = await save(item({ [field]: value, url: field === 'url' ? value : `https://news.example.org/${Math.random()}` }));
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(message);
    expect(response.body.error.details.errors[0].path).toEqual([field]);
    expect(await app.strapi.db.query(NEWS).count({})).toBe(before);
  });

  it('an https article with an https image, or an image from the media library, is saved', async () => {
    expect((await save(item({ url: 'https://news.example.org/fine', imageUrl: 'https://img.example.org/fine.jpg' }))).status).toBe(201);
    expect((await save(item({ url: 'https://news.example.org/local', imageUrl: '/uploads/fine_1a2b3c.webp' }))).status).toBe(201);
  });
});

it('an item stored before the rule with a javascript: link is not served; a bad image is dropped', async () => {
  // Written straight into the table, as an older version let it be.
  const row = (title: string, url: string, imageUrl: string | null) => ({
    document_id: `legacy${title.length}${url.length}`,
    title,
    description: 'Old',
    url,
    url_key: url,
    source: 'Desk',
    category: 'health',
    published_date: new Date(),
    image_url: imageUrl,
    is_active: true,
    created_at: new Date(),
    updated_at: new Date(),
  });
  await app.strapi.db
    .connection('news_items')
    .insert([row('Old bad link', 'javascript:alert(1)', null), row('Old bad image', 'https://news.example.org/old-image', 'javascript:alert(1)')]);
  const news = (await app.http.get('/api/news/aggregate')).body as { title: string; url: string; imageUrl?: string }[];
  expect(news.find((n) => n.title === 'Old bad link')).toBeUndefined();
  expect(news.find((n) => n.title === 'Old bad image')).toMatchObject({ url: 'https://news.example.org/old-image' });
  expect(news.find((n) => n.title === 'Old bad image')?.imageUrl).toBeUndefined();
  expect(news.every((n) => /^https?:\/\//.test(n.url))).toBe(true);
});
