/**
 * Settings an operator can get wrong, and headers an outsider makes up: with PUBLIC_URL set, the site
 * answers for its host only; a TRUSTED_PROXIES entry that is no address or range and a production image
 * without PUBLIC_URL refuse to start; per-address limits count an IPv6
 * client by its /64.
 */
import { startTestApp, type TestApp } from './helpers/strapi';

const ORIGIN = 'https://haic.example';

describe('with PUBLIC_URL set', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PUBLIC_URL: ORIGIN, TRUST_PROXY: 'true', CONTACT_RATE_LIMIT_MAX: '2' });
    // The site's own host unless a test says another (the XSRF cookie comes from /api/xsrf on it).
    app.http.agent.set('Host', 'haic.example');
  }, 300_000);
  afterAll(async () => {
    await app.stop();
  });

  it('a page asked for under another host is redirected to PUBLIC_URL (308), path and query kept', async () => {
    const response = await app.http.agent.get('/blog?page=2').set('Host', 'attacker.example');
    expect(response.status).toBe(308);
    expect(response.headers.location).toBe(`${ORIGIN}/blog?page=2`);
  });

  it('a forwarded host is judged too', async () => {
    const response = await app.http.agent.get('/').set('Host', 'haic.example').set('X-Forwarded-Host', 'attacker.example');
    expect(response.status).toBe(308);
  });

  it('a write to another host is refused (421) in the API error shape', async () => {
    const token = await app.http.xsrfToken();
    const response = await app.http.agent.post('/api/contact').set('Host', 'attacker.example').set('X-XSRF-TOKEN', token).send({});
    expect(response.status).toBe(421);
    expect(response.body.error).toMatchObject({ status: 421, message: `This site answers at ${ORIGIN}` });
  });

  it('the health probe answers on any host (load balancers call instances by address)', async () => {
    expect((await app.http.agent.get('/_health').set('Host', '10.0.0.5:1337')).status).toBe(204);
  });

  it('the site answers its own host', async () => {
    const response = await app.http.agent.get('/').set('Host', 'haic.example');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<link rel="canonical" href="${ORIGIN}/"`);
  });

  it('per-address limits count an IPv6 client by its /64 network', async () => {
    const body = { name: 'Florence', email: 'f@example.com', subject: 'A subject', message: 'A message long enough' };
    const token = await app.http.xsrfToken();
    const from = (address: string) =>
      app.http.agent.post('/api/contact').set('Host', 'haic.example').set('X-Forwarded-For', address).set('X-XSRF-TOKEN', token).send(body);
    expect((await from('2001:db8:7:1::1')).status).toBe(201);
    expect((await from('2001:db8:7:1::2')).status).toBe(201);
    // A third address of the same /64 is the same client.
    expect((await from('2001:db8:7:1:abcd::3')).status).toBe(429);
    // Another /64 is another client.
    expect((await from('2001:db8:7:2::1')).status).toBe(201);
  });
});

describe('settings that refuse to start', () => {
  it.each(['10.0.0.0/33', 'proxy.example', '::1/129', '10.0.0.1/8/1', '1.2.3'])(
    'TRUSTED_PROXIES with an entry that is no address or range (%s), named',
    async (entry) => {
      await expect(startTestApp({ TRUSTED_PROXIES: `127.0.0.1, ${entry}` })).rejects.toThrow(
        `TRUSTED_PROXIES must list IP addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1), got "${entry}"`,
      );
    },
  );

  it('the production image (REQUIRE_PUBLIC_URL=true) without PUBLIC_URL', async () => {
    await expect(startTestApp({ REQUIRE_PUBLIC_URL: 'true', PUBLIC_URL: '' })).rejects.toThrow(/PUBLIC_URL is required/);
  });
});
