/**
 * Hardening, crashes: no request can stop the server. A lone UTF-16 surrogate in a password sent
 * bcryptjs 2.4.3 into an endless loop until V8 aborted; bcryptjs 3 (pinned for the whole tree) is
 * safe with any string, and the text rule refuses such text before it reaches a hash at all.
 */
import fs from 'fs';
import { createRequire } from 'module';
import path from 'path';
import bcrypt from 'bcryptjs';
import request from 'supertest';
import { startTestApp, type TestApp } from './helpers/strapi';

let app: TestApp;
const ADMIN = { username: 'crashadmin', password: 'CrashAdmin1!' };

beforeAll(async () => {
  // Passwords at the production cost (PASSWORD_HASH_ROUNDS 10): the hashes below are checked as production writes them.
  app = await startTestApp({ PASSWORD_HASH_ROUNDS: '10' });
  await (app.strapi.service('api::admin-auth.admin-auth') as any).ensureAdminAccount(ADMIN);
}, 300_000);
afterAll(async () => {
  await app.stop();
});

const alive = async () => (await request(app.strapi.server.httpServer).get('/_health')).status;

describe('a lone surrogate password', () => {
  const passwords = ['\ud800', '\udfff', 'Abc123!\ud83d', '\ud83dAbc123!', 'ok\udc00ok'];

  it.each([
    ['POST /api/auth/login', '/api/auth/login', (password: string) => ({ username: 'anyone', password })],
    ['POST /api/admin/login', '/api/admin/login', (password: string) => ({ username: ADMIN.username, password, captchaToken: 'x' })],
    ['POST /api/auth/register', '/api/auth/register', (password: string) => ({ username: 'surrogate', email: 'surrogate@example.com', password })],
  ])('%s answers 400 naming the password, and the server keeps answering', async (_name, url, body) => {
    for (const password of passwords) {
      const response = await app.http.post(url, body(password));
      expect(response.status).toBe(400);
      expect(response.body.error.details.errors[0].path).toEqual(['password']);
      expect(response.body.error.message).toMatch(/password .*surrogate/);
      expect(await alive()).toBe(204);
    }
    // A thousand of them is over the route's body size before any text rule reads it (413 naming the body).
    const long = await app.http.post(url, body('\ud800'.repeat(1000)));
    expect(long.status).toBe(413);
    expect(long.body.error.details.errors[0].path).toEqual(['body']);
    expect(await alive()).toBe(204);
    expect(await app.strapi.db.query('plugin::users-permissions.user').count({ where: { username: 'surrogate' } })).toBe(0);
  });

  it("the panel's own sign-in (POST /admin/login) and first-admin route refuse it too", async () => {
    for (const url of ['/admin/login', '/admin/register-admin', '/admin/reset-password']) {
      const response = await request(app.strapi.server.httpServer)
        .post(url)
        .send({ email: 'x@example.com', password: '\ud800', firstname: 'x', resetPasswordToken: 'x' });
      expect(response.status).toBe(400);
      expect(await alive()).toBe(204);
    }
  });

  it('a username with a lone surrogate is refused the same way', async () => {
    const response = await app.http.post('/api/auth/login', { username: 'nurse\ud800', password: 'Whatever1!' });
    expect(response.status).toBe(400);
    expect(response.body.error.details.errors[0].path).toEqual(['username']);
    expect(await alive()).toBe(204);
  });

  it('and bcrypt itself (bcryptjs 3, for users-permissions and the panel too) returns at once for such input', async () => {
    const hash = bcrypt.hashSync('Str0ng!Pass', 4);
    const started = Date.now();
    expect(await bcrypt.compare('\ud800', hash)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    // The tree has one bcryptjs: the one the plugins require is the pinned 3.x.
    // Node's own resolution from each Strapi package that hashes (users-permissions, the panel, core).
    for (const plugin of ['@strapi/plugin-users-permissions', '@strapi/admin', '@strapi/core']) {
      const fromPlugin = createRequire(path.join(path.dirname(require.resolve(`${plugin}/package.json`)), 'index.js'));
      // bcryptjs 3 does not export its package.json: read the one beside its CommonJS entry (umd/).
      const manifest = path.join(path.dirname(fromPlugin.resolve('bcryptjs')), '..', 'package.json');
      expect(JSON.parse(fs.readFileSync(manifest, 'utf8')).version).toBe('3.0.3');
    }
  });
});

describe('hashes stay compatible', () => {
  it('a password hashed by the old bcryptjs 2.4.3 ($2a$) still signs in, and new hashes are standard bcrypt', async () => {
    const hashed2a = '$2a$10$QfaM/5lXnyK1bMB/sJRaceIhxHUa2.cmH1bJka9G0ve0UvvO1biPm'; // bcryptjs 2.4.3 of 'Str0ng!Pass'
    const authenticated = await app.strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
    const user = await app.strapi.db.query('plugin::users-permissions.user').create({
      data: { username: 'legacyhash', email: 'legacy@example.com', provider: 'local', confirmed: true, blocked: false, role: authenticated.id },
    });
    // Written with a raw query so the stored value is exactly the old library's hash.
    await app.strapi.db.connection('up_users').where({ id: user.id }).update({ password: hashed2a });
    const response = await app.http.post('/api/auth/login', { username: 'legacyhash', password: 'Str0ng!Pass' });
    expect(response.status).toBe(200);

    const registered = await app.http.post('/api/auth/register', { username: 'newhash', email: 'newhash@example.com', password: 'Str0ng!Pass' });
    expect(registered.status).toBe(200);
    const stored = await app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { username: 'newhash' } });
    expect(stored.password).toMatch(/^\$2[aby]\$10\$/);
  });
});
