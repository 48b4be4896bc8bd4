/**
 * Hardening, HTTP: proxies, headers, XSRF on any spelling of /api, and a panel nobody can claim.
 */
import request from 'supertest';
import { withTestApp } from './helpers/strapi';

const PANEL = { email: 'panel-owner@example.com', password: 'PanelOwner1!' };
const cookieOf = (response: request.Response, name: string) =>
  ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith(`${name}=`));

describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
  const app = withTestApp({ TRUST_PROXY: 'true', LOGIN_RATE_LIMIT_MAX: '2', PANEL_ADMIN_EMAIL: PANEL.email, PANEL_ADMIN_PASSWORD: PANEL.password });
  const server = () => request(app.strapi.server.httpServer);

  it("takes the client's address from X-Forwarded-For: failures from one client do not limit another", async () => {
    const xsrf = await app.http.xsrfToken();
    const attempt = (ip: string) =>
      app.http.agent.post('/api/auth/login').set('X-XSRF-TOKEN', xsrf).set('X-Forwarded-For', ip).send({ username: 'someone', password: 'Wr0ng!Pass' });
    for (let i = 0; i < 2; i++) expect((await attempt('203.0.113.1')).status).toBe(401);
    expect((await attempt('203.0.113.1')).status).toBe(429);
    expect((await attempt('203.0.113.2')).status).toBe(401);
    // A client cannot choose its address by prepending its own entries: the proxy's (last) one counts.
    expect((await attempt('10.9.9.9, 203.0.113.1')).status).toBe(429);
  });

  it('marks cookies Secure and sends HSTS when the proxy says https, and only then', async () => {
    for (const url of ['/api/xsrf', '/_health', '/_health']) {
      const secure = await server().get(url).set('X-Forwarded-Proto', 'https');
      if (url === '/api/xsrf') expect(cookieOf(secure, 'XSRF-TOKEN')).toMatch(/;\s*secure/i);
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const plain = await server().get(url);
      if (url === '/api/xsrf') expect(cookieOf(plain, 'XSRF-TOKEN')).not.toMatch(/;\s*secure/i);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('created the first panel Super Admin from PANEL_ADMIN_EMAIL / PANEL_ADMIN_PASSWORD; it signs in at /admin/login', async () => {
    const users = await app.strapi.db.query('admin::user').findMany({ populate: ['roles'] });
    expect(users).toHaveLength(1);
    expect(users[0].email).toBe(PANEL.email);
    expect(users[0].roles.map((r: any) => r.code)).toEqual(['strapi-super-admin']);
    const signIn = await server().post('/admin/login').send(PANEL);
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.token).toEqual(expect.any(String));
  });

  it('/admin/register-admin refuses anyone after start: the panel cannot be claimed', async () => {
    const claim = await server().post('/admin/register-admin').send({ email: 'attacker@example.com', password: 'Attacker123!', firstname: 'Mallory' });
    expect(claim.status).toBeGreaterThanOrEqual(400);
    expect(claim.status).toBeLessThan(500);
    expect(await app.strapi.db.query('admin::user').count({ where: { email: 'attacker@example.com' } })).toBe(0);
    expect((await server().get('/admin/init')).body.data.hasAdmin).toBe(true);
  });
});

describe('without a proxy (the default)', () => {
  const app = withTestApp({ LOGIN_RATE_LIMIT_MAX: '2' });
  const server = () => request(app.strapi.server.httpServer);

  it('ignores X-Forwarded-For (a client cannot pick a fresh address per attempt) and X-Forwarded-Proto', async () => {
    const xsrf = await app.http.xsrfToken();
    const attempt = (ip: string) =>
      app.http.agent.post('/api/auth/login').set('X-XSRF-TOKEN', xsrf).set('X-Forwarded-For', ip).send({ username: 'someone', password: 'Wr0ng!Pass' });
    expect((await attempt('203.0.113.1')).status).toBe(401);
    expect((await attempt('203.0.113.2')).status).toBe(401);
    expect((await attempt('203.0.113.3')).status).toBe(429);
    const forged = await server().get('/_health').set('X-Forwarded-Proto', 'https');
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('still created a panel Super Admin on its own (password generated and logged once)', async () => {
    expect(await app.strapi.db.query('admin::user').count()).toBe(1);
    const claim = await server().post('/admin/register-admin').send({ email: 'attacker@example.com', password: 'Attacker123!', firstname: 'Mallory' });
    expect(claim.status).toBeGreaterThanOrEqual(400);
    expect(await app.strapi.db.query('admin::user').count()).toBe(1);
  });

  it.each(['/', '/api/blog', '/_health', '/api/no-such-route', '/cms'])(
    '%s: no X-Powered-By, a Permissions-Policy, no HSTS over plain HTTP, no empty CORS grant',
    async (url) => {
      const response = await server()
        .get(url)
        .set('Accept', url === '/' || url === '/cms' ? 'text/html' : 'application/json');
      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
      expect(response.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // A same-origin request (no Origin) is granted nothing, so no Access-Control-Allow-Origin at all.
      expect(response.headers).not.toHaveProperty('access-control-allow-origin');
      expect(response.headers).not.toHaveProperty('access-control-allow-credentials');
    },
  );

  it('a cross-origin read from an origin not in CORS_ORIGINS gets no grant', async () => {
    const response = await server().get('/api/blog').set('Origin', 'https://elsewhere.example');
    expect(response.status).toBe(200);
    expect(response.headers).not.toHaveProperty('access-control-allow-origin');
  });

  it.each(['/API/contact', '/Api/Contact', '/api/CONTACT', '/API/auth/login', '/API/users/profile'])('XSRF applies to %s (any case)', async (url) => {
    await app.http.xsrfToken();
    const before = await app.strapi.db.query('api::contact-message.contact-message').count();
    const response = await app.http.agent.post(url).send({ name: 'Florence', email: 'f@example.com', subject: 'A subject', message: 'A message long enough' });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toMatch(/XSRF/);
    expect(await app.strapi.db.query('api::contact-message.contact-message').count()).toBe(before);
  });
});
