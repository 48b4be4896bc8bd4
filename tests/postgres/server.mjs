// A throw-away PostgreSQL cluster for a test: password authentication (scram) for user haic, on a
// free loopback port, removed by stop(). As root the server runs as the postgres user.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/server.mjs';
import { findPostgres } from '../../scripts/lib/system.mjs';

const asRoot = process.getuid?.() === 0;

function uidOf(user) {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

export async function startPostgres({ pgBin = findPostgres(), password, database = 'haic' }) {
  if (!pgBin) throw new Error('no PostgreSQL server binaries (set PG_BIN)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const env = { ...process.env, PGPASSWORD: password };
  const tool = (name, args) => {
    const command = asRoot ? 'runuser' : path.join(pgBin, name);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(pgBin, name), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', env });
    if (result.status !== 0) throw new Error(`${name} failed: ${result.stderr || result.stdout}`);
    return result.stdout;
  };
  const stop = () => {
    try {
      tool('pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']);
    } catch {
      // not running
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (asRoot) fs.chownSync(dir, ...uidOf('postgres'));
    const pwfile = path.join(dir, 'pw');
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (asRoot) fs.chownSync(pwfile, ...uidOf('postgres'));
    tool('initdb', ['-D', dataDir, '-U', 'haic', '--auth=scram-sha-256', `--pwfile=${pwfile}`, '-E', 'UTF8']);
    tool('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(dir, 'pg.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
      'start',
    ]);
    tool('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'haic', database]);
  } catch (error) {
    stop();
    throw error;
  }
  const connection = { host: '127.0.0.1', port, user: 'haic', password, database };
  return {
    port,
    /** How a client (knex's `pg`) reaches the database. */
    connection,
    /** The settings that point the CMS at it. */
    cmsEnv: {
      DATABASE_CLIENT: 'postgres',
      DATABASE_HOST: connection.host,
      DATABASE_PORT: String(port),
      DATABASE_NAME: database,
      DATABASE_USERNAME: connection.user,
      DATABASE_PASSWORD: password,
    },
    /** Runs SQL with psql and returns its unaligned output. */
    sql: (query) => tool('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'haic', '-d', database, '-tAc', query]).trim(),
    stop,
  };
}
