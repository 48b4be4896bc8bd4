import fs from 'fs';
import os from 'os';
import path from 'path';
import { seedAdmin } from '../../seed/src/admin';
import { startTestApp, type TestApp } from './helpers/strapi';

const ADMIN = { username: 'siteadmin', password: 'AdminPass123!' };
const WEB_USER = { username: 'webnurse', email: 'webnurse@example.com', password: 'WebUserPass1!' };
const RATE_LIMIT_MAX = 3;

let app: TestApp;

const adminService = () => app.strapi.service('api::admin-auth.admin-auth') as any;
const adminRoles = () => app.strapi.db.query('plugin::users-permissions.role').findMany({ where: { name: 'Admin' } });
const login = (body: object) => app.http.post('/api/admin/login', body);

// One app for the login and seed tests; the restart test below boots its own, after this one has stopped.
describe('with a running app', () => {
  beforeAll(async () => {
    app = await startTestApp({ LOGIN_RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) });
    await adminService().ensureAdminAccount(ADMIN);
    const authenticated = await app.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    await app.strapi
      .plugin('users-permissions')
      .service('user')
      .add({
        ...WEB_USER,
        provider: 'local',
        confirmed: true,
        blocked: false,
        role: authenticated.id,
      });
  });

  afterAll(async () => {
    await app.stop();
  });

  describe('POST /api/admin/login', () => {
    it('signs in an Admin with a users-permissions token, ignoring the captcha field', async () => {
      const response = await login({ ...ADMIN, captchaToken: 'dummy-captcha-token' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ token: expect.any(String), username: ADMIN.username, role: 'Admin' });

      const payload = await app.strapi.plugin('users-permissions').service('jwt').verify(response.body.token);
      const user = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { id: payload.id }, populate: ['role'] });
      expect(user.username).toBe(ADMIN.username);
      expect(user.role.name).toBe('Admin');
    });

    it('refuses a wrong password with 401 and a message', async () => {
      const response = await login({ username: ADMIN.username, password: 'WrongPass123!', captchaToken: 'x' });
      expect(response.status).toBe(401);
      expect(response.body.error.message).toBe('Invalid username or password');
      expect(response.body).not.toHaveProperty('token');
    });

    it("refuses a web user's correct credentials with the same 401", async () => {
      const response = await login({ username: WEB_USER.username, password: WEB_USER.password, captchaToken: 'x' });
      expect(response.status).toBe(401);
      expect(response.body.error.message).toBe('Invalid username or password');
    });

    it('refuses an unknown user and missing fields with 401', async () => {
      expect((await login({ username: 'nobody-here', password: 'Whatever123' })).status).toBe(401);
      const empty = await login({});
      expect(empty.status).toBe(401);
      expect(empty.body.error.message).toBe('Invalid username or password');
      expect((await login({ username: ['admin'], password: { $ne: '' } })).status).toBe(401);
    });

    it('refuses a blocked admin', async () => {
      await adminService().ensureAdminAccount({ username: 'blockedadmin', password: 'Blocked123!' });
      await app.strapi.db.query('plugin::users-permissions.user').update({ where: { username: 'blockedadmin' }, data: { blocked: true } });
      expect((await login({ username: 'blockedadmin', password: 'Blocked123!' })).status).toBe(401);
    });

    it('is rate limited: after the allowed failures even the right password gets 429 with a clear message', async () => {
      const username = 'ratelimitadmin';
      await adminService().ensureAdminAccount({ username, password: 'RateLimit123!' });
      for (let i = 0; i < RATE_LIMIT_MAX; i++) {
        expect((await login({ username, password: `Wrong${i}Pass!` })).status).toBe(401);
      }
      const limited = await login({ username, password: 'RateLimit123!' });
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toMatch(/Too many failed sign-in attempts\. Please wait \d+ minute\(s\) and try again\./);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

      // Its own counters: the other admin still signs in.
      expect((await login(ADMIN)).status).toBe(200);
    });

    it('does not let a web user get the Admin role through the web routes', async () => {
      const register = await app.http.post('/api/auth/local/register', {
        username: 'sneaky',
        email: 'sneaky@example.com',
        password: 'Sneaky123!',
        role: 'Admin',
      });
      // Whatever the registration answer, no such admin exists afterwards.
      expect(register.status).not.toBe(500);
      const sneaky = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { username: 'sneaky' }, populate: ['role'] });
      expect(sneaky?.role?.name ?? null).not.toBe('Admin');
    });
  });

  describe('the Admin role', () => {
    it('exists once and grants no API permissions', async () => {
      const roles = await adminRoles();
      expect(roles).toHaveLength(1);
      const permissions = await app.strapi.db.query('plugin::users-permissions.permission').count({ where: { role: { id: roles[0].id } } });
      expect(permissions).toBe(0);
    });
  });

  describe('the CMS panel list views', () => {
    const contentTypes = () => app.strapi.plugin('content-manager').service('content-types');

    it("show sensible columns for the editors' content types", async () => {
      const expected: Record<string, string[]> = {
        // Posts: title, author, (status, added by the panel), publish date, scheduled time.
        'api::blog-post.blog-post': ['title', 'authorName', 'publishedDate', 'publishAt'],
        'api::news-item.news-item': ['title', 'source', 'category', 'isActive', 'publishedDate'],
        // Contact messages: name, email, subject, received, read/unread.
        'api::contact-message.contact-message': ['name', 'email', 'subject', 'createdAt', 'read'],
        // News feeds: name, category, enabled, last fetched, items seen, items stored, last error.
        'api::news-feed.news-feed': ['name', 'category', 'enabled', 'lastFetchedAt', 'itemsSeen', 'itemsStored', 'lastError'],
      };
      for (const [uid, list] of Object.entries(expected)) {
        const configuration = await contentTypes().findConfiguration({ uid });
        expect(configuration.layouts.list).toEqual(list);
      }
      const blog = await contentTypes().findConfiguration({ uid: 'api::blog-post.blog-post' });
      expect(blog.settings).toMatchObject({ defaultSortBy: 'publishedDate', defaultSortOrder: 'DESC' });
      expect(blog.metadatas.authorName.edit.label).toBe('Author name');
      expect(blog.metadatas.publishedDate.list.label).toBe('Published date');
      expect(blog.metadatas.featuredImage.edit.label).toBe('Featured image');
    });

    it("keep an editor's own changes on the next boot", async () => {
      const uid = 'api::blog-post.blog-post';
      const current = await contentTypes().findConfiguration({ uid });
      await contentTypes().updateConfiguration({ uid }, { layouts: { ...current.layouts, list: ['title', 'slug'] } });
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built CMS's module, the one Strapi runs
      await require('../dist/src/bootstrap/admin').default(app.strapi);
      expect((await contentTypes().findConfiguration({ uid })).layouts.list).toEqual(['title', 'slug']);
    });
  });

  it('the Editor panel role may create, publish and unpublish posts and upload media (featured images)', async () => {
    const role = await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } });
    const actions = (await app.strapi.db.query('admin::permission').findMany({ where: { role: { id: role.id } } })).map((p: any) =>
      `${p.action} ${p.subject ?? ''}`.trim(),
    );
    for (const uid of ['api::blog-post.blog-post', 'api::news-item.news-item']) {
      for (const action of ['create', 'read', 'update', 'delete']) expect(actions).toContain(`plugin::content-manager.explorer.${action} ${uid}`);
    }
    expect(actions).toContain('plugin::content-manager.explorer.publish api::blog-post.blog-post');
    expect(actions).toContain('plugin::upload.assets.create');
  });

  describe('the admin seed', () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const key of ['ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
    });

    it('creates nothing without both ADMIN_USERNAME and ADMIN_PASSWORD', async () => {
      process.env.ADMIN_USERNAME = 'halfconfigured';
      delete process.env.ADMIN_PASSWORD;
      expect(await seedAdmin(app.strapi)).toEqual({ name: 'admin', created: 0 });
      expect(await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { username: 'halfconfigured' } })).toBeNull();
    });

    it('creates the account once (and the role when missing), confirmed, with role Admin', async () => {
      // A database seeded before its first boot has no Admin role yet.
      const [role] = await adminRoles();
      await app.strapi.db.query('plugin::users-permissions.role').delete({ where: { id: role.id } });

      process.env.ADMIN_USERNAME = 'seededadmin';
      process.env.ADMIN_PASSWORD = 'SeededPass123!';
      expect(await seedAdmin(app.strapi)).toEqual({ name: 'admin', created: 1 });
      expect(await seedAdmin(app.strapi)).toEqual({ name: 'admin', created: 0 });

      const user = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { username: 'seededadmin' }, populate: ['role'] });
      expect(user).toMatchObject({ email: 'seededadmin@admin.local', confirmed: true, blocked: false });
      expect(user.role.name).toBe('Admin');
      expect(await adminRoles()).toHaveLength(1);
      expect((await login({ username: 'seededadmin', password: 'SeededPass123!', captchaToken: 'x' })).status).toBe(200);
    });

    it('never changes an existing account: seeding again with another password keeps the first', async () => {
      process.env.ADMIN_USERNAME = 'seededadmin';
      process.env.ADMIN_PASSWORD = 'AnotherPass123!';
      expect(await seedAdmin(app.strapi)).toEqual({ name: 'admin', created: 0 });
      expect((await login({ username: 'seededadmin', password: 'SeededPass123!' })).status).toBe(200);
    });

    it('leaves a web user with the admin username a web user', async () => {
      process.env.ADMIN_USERNAME = WEB_USER.username;
      process.env.ADMIN_PASSWORD = 'TakeOver123!';
      expect(await seedAdmin(app.strapi)).toEqual({ name: 'admin', created: 0 });
      const user = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { username: WEB_USER.username }, populate: ['role'] });
      expect(user.role.type).toBe('authenticated');
    });

    it('uses ADMIN_EMAIL when set', async () => {
      process.env.ADMIN_USERNAME = 'mailedadmin';
      process.env.ADMIN_PASSWORD = 'MailedPass123!';
      process.env.ADMIN_EMAIL = 'Ops@Example.com';
      expect(await seedAdmin(app.strapi)).toEqual({ name: 'admin', created: 1 });
      const user = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { username: 'mailedadmin' } });
      expect(user.email).toBe('ops@example.com');
    });
  });
});

describe('across restarts', () => {
  it('creates the Admin role once and keeps the admin able to sign in', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-admin-restart-'));
    const DATABASE_FILENAME = path.join(dir, 'restart.db');
    try {
      let second: TestApp | null = null;
      const first = await startTestApp({ DATABASE_FILENAME });
      try {
        await (first.strapi.service('api::admin-auth.admin-auth') as any).ensureAdminAccount({ username: 'restartadmin', password: 'Restart123!' });
        const roles = await first.strapi.db.query('plugin::users-permissions.role').findMany({ where: { name: 'Admin' } });
        expect(roles).toHaveLength(1);
      } finally {
        await first.stop();
      }
      try {
        second = await startTestApp({ DATABASE_FILENAME });
        const roles = await second.strapi.db.query('plugin::users-permissions.role').findMany({ where: { name: 'Admin' } });
        expect(roles).toHaveLength(1);
        const response = await second.http.post('/api/admin/login', { username: 'restartadmin', password: 'Restart123!', captchaToken: 'x' });
        expect(response.status).toBe(200);
      } finally {
        await second?.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
