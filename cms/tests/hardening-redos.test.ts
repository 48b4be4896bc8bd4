/**
 * One request cannot stall the server: the worst strings for each text field, as large as the route
 * reads, are refused with a 400 naming the field while /_health keeps answering at once (larger bodies
 * are refused for their size before they are read).
 * (The contact email pattern once backtracked quadratically on 'a@' + dots + '@': 32 KB froze the
 * process for 0.7 s, 1 MB for minutes.)
 */
import { ROUTE_BOUNDS } from '@haic/contract';
import { withTestApp } from './helpers/strapi';

const app = withTestApp({}, { xsrf: true });

// As large as each route reads (its body bound, ROUTE_BOUNDS), less room for the other fields.
const sizeFor = (route: string) => ROUTE_BOUNDS[route].bodyBytes - 400;
const WORST: [string, (size: number) => string][] = [
  ['a@ + dots + @', (size) => `a@${'.'.repeat(size)}@`],
  ['dots then @ then dots', (size) => `${'.'.repeat(size / 2)}@${'.'.repeat(size / 2)}`],
  ['repeated @', (size) => '@'.repeat(size)],
  ['a@a. repeated', (size) => 'a@a.'.repeat(size / 4)],
  ['one letter', (size) => 'a'.repeat(size)],
  ['spaces between words', (size) => 'a '.repeat(size / 2)],
];

/** Polls /_health while `work` runs; the slowest answer it saw, in ms. */
async function slowestHealthDuring<T>(work: Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let done = false;
  let slowestMs = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await app.http.get('/_health');
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const result = await work.finally(() => {
    done = true;
  });
  await poll;
  return { result, slowestMs };
}

const contact = (email: string) => ({ name: 'Florence', email, subject: 'A subject', message: 'A message long enough' });

describe('the worst strings, as large as a body can be', () => {
  for (const [name, make] of WORST) {
    it(`contact email: ${name} is refused at once, naming the email`, async () => {
      const count = await app.strapi.db.query('api::contact-message.contact-message').count();
      const { result, slowestMs } = await slowestHealthDuring(app.http.post('/api/contact', contact(make(sizeFor('POST /api/contact')))));
      expect(result.status).toBe(400);
      expect(result.body.error.details.errors[0].path).toEqual(['email']);
      expect(slowestMs).toBeLessThan(1000);
      expect(await app.strapi.db.query('api::contact-message.contact-message').count()).toBe(count);
    });

    for (const field of ['username', 'email']) {
      it(`register ${field}: ${name} is refused at once, naming the ${field}`, async () => {
        const body = { username: 'redosnurse', email: 'redos@example.com', password: 'Str0ng!Pass', [field]: make(sizeFor('POST /api/auth/register')) };
        const { result, slowestMs } = await slowestHealthDuring(app.http.post('/api/auth/register', body));
        expect(result.status).toBe(400);
        expect(result.body.error.details.errors.map((e: { path: string[] }) => e.path)).toEqual([[field]]);
        expect(slowestMs).toBeLessThan(1000);
      });
    }
  }

  it(`contact email: ${WORST[0][0]} as large as the global body limit is refused for its size, unread`, async () => {
    const { result, slowestMs } = await slowestHealthDuring(app.http.post('/api/contact', contact(WORST[0][1](1_000_000))));
    expect(result.status).toBe(413);
    expect(result.body.error.details.errors[0].path).toEqual(['body']);
    expect(slowestMs).toBeLessThan(1000);
  });

  it('a well-formed address at the length limit is still taken', async () => {
    const email = `${'n'.repeat(64)}@${'d'.repeat(63)}.${'e'.repeat(63)}.example.com`;
    const response = await app.http.post('/api/contact', contact(email));
    expect(response.status).toBe(201);
  });
});
