import request from 'supertest';
import { withTestApp } from './helpers/strapi';

const app = withTestApp();

describe('XSRF double-submit rule on /api', () => {
  it('GET /api/xsrf sets a script-readable, SameSite=Lax XSRF-TOKEN cookie', async () => {
    const response = await request(app.strapi.server.httpServer).get('/api/xsrf');
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/httponly/i);
  });

  it('refuses a POST without the header with a clear 403', async () => {
    const response = await app.http.agent.post('/api/contact').send({});
    expect(response.status).toBe(403);
    expect(response.body.error.message).toMatch(/XSRF/);
  });

  it('refuses a POST whose header does not match the cookie', async () => {
    await app.http.xsrfToken();
    const response = await app.http.agent.post('/api/contact').set('X-XSRF-TOKEN', 'not-the-cookie').send({});
    expect(response.status).toBe(403);
  });

  it('refuses a header without the cookie', async () => {
    const token = await app.http.xsrfToken();
    const response = await request(app.strapi.server.httpServer).post('/api/contact').set('X-XSRF-TOKEN', token).send({});
    expect(response.status).toBe(403);
  });

  it('lets a matching header through to the route', async () => {
    const response = await app.http.post('/api/does-not-exist', {});
    expect(response.status).toBe(405);
  });

  it('does not apply to GET requests', async () => {
    const response = await request(app.strapi.server.httpServer).get('/api/does-not-exist');
    expect(response.status).toBe(404);
  });
});

describe('one origin', () => {
  it('serves the CMS panel under /cms', async () => {
    const response = await request(app.strapi.server.httpServer).get('/cms').set('Accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.text).toMatch(/<div id="strapi"|strapi/i);
  });

  it("keeps Strapi's admin API under /admin for the panel's JSON fetches", async () => {
    const response = await request(app.strapi.server.httpServer).get('/admin/init').set('Accept', 'application/json');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveProperty('hasAdmin');
  });

  it('answers a browser navigation to a site route under /admin with the site', async () => {
    const response = await request(app.strapi.server.httpServer).get('/admin/news').set('Accept', 'text/html');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<div id="root">');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("answers a browser navigation to a panel API path with the site's 404 page", async () => {
    const response = await request(app.strapi.server.httpServer).get('/admin/users').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).toContain('<div id="root">');
    expect(response.text).toContain('Page not found');
  });

  it('answers deep links with the site: known pages 200, unknown ones 404', async () => {
    for (const url of ['/profile/game-history', '/admin/news']) {
      const response = await request(app.strapi.server.httpServer).get(url).set('Accept', 'text/html');
      expect(response.status).toBe(200);
      expect(response.text).toContain('<div id="root">');
    }
    for (const url of ['/blog/some-post', '/no-such-page']) {
      const response = await request(app.strapi.server.httpServer).get(url).set('Accept', 'text/html');
      expect(response.status).toBe(404);
      expect(response.text).toContain('<div id="root">');
    }
  });

  it('keeps /api answers JSON even for a browser', async () => {
    const response = await request(app.strapi.server.httpServer).get('/api/no-such-route').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).not.toContain('<div id="root">');
  });
});
