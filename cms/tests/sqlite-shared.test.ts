/**
 * SQLite shared with another process (`npm run seed` or `npm run create-editor` while the site runs, a backup
 * tool): the site's writes wait their turn instead of failing, and a lock held too long is a 503 to retry.
 */
import { spawn, type ChildProcess } from 'child_process';
import path from 'path';
import { withTestApp } from './helpers/strapi';

const app = withTestApp({}, { xsrf: true });
const WRITER = path.join(__dirname, 'fixtures', 'sqlite-writer.cjs');
const writers: ChildProcess[] = [];

/** Starts the other process and waits until it writes or holds the lock. */
function otherProcess(...args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, [WRITER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  writers.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the other writer exited with ${code}`)));
  });
}
const exited = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

afterEach(() => {
  for (const child of writers.splice(0)) child.kill();
});

let serial = 0;
const register = () => {
  serial += 1;
  const username = `shared${serial}`;
  return app.http.post('/api/auth/register', { username, email: `${username}@example.com`, password: 'Shared!2026x' });
};

describe('the SQLite file written by another process', () => {
  it('registrations made while the other process writes all succeed and are stored', async () => {
    await otherProcess('churn', app.dbFile);
    const statuses: number[] = [];
    for (let round = 0; round < 12; round += 1) {
      const answers = await Promise.all([register(), register()]);
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses).toEqual(Array(24).fill(200));
    const stored = await app.strapi.db.query('plugin::users-permissions.user').count({ where: { username: { $startsWith: 'shared' } } });
    expect(stored).toBe(24);
  });

  it('a write lock held past the busy timeout answers 503 with Retry-After, and the next try succeeds', async () => {
    const holder = await otherProcess('hold', app.dbFile, '6500');
    const refused = await register();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({
      data: null,
      error: { status: 503, name: 'ServiceUnavailableError', message: 'The service is briefly unavailable. Please try again in a few seconds.', details: {} },
    });
    await exited(holder);
    expect((await register()).status).toBe(200);
  }, 30_000);
});
