// Finding (and, as root on Debian, installing) the system programs the tests need.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { log } from './lib.mjs';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
let aptUpdated = false;

function aptInstall(packages) {
  if (!isRoot() || !hasAptGet()) return false;
  log(`Installing ${packages.join(', ')} from Debian's packages...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env }).status === 0;
}

/** CHROMIUM_PATH, else /usr/bin/chromium, else Debian's chromium installed now. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  const found = candidates.find((file) => fs.existsSync(file));
  if (found) return found;
  if (aptInstall(['chromium']) && fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('No Chromium found. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
}

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs.readdirSync(base).filter((v) => fs.existsSync(`${base}/${v}/bin/initdb`)).sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${base}/${versions[0]}/bin` : null;
}

/** The PostgreSQL server binaries folder (PG_BIN, Debian's layout, or installed now as root), or null. */
export function findPostgres() {
  if (process.env.PG_BIN && fs.existsSync(`${process.env.PG_BIN}/initdb`)) return process.env.PG_BIN;
  const found = postgresBinDir();
  if (found) return found;
  if (process.env.SKIP_POSTGRES_INSTALL !== 'true' && aptInstall(['postgresql'])) return postgresBinDir();
  return null;
}

/** promtool (Debian's prometheus package, installed now as root), for the metrics format check; or null. */
export function findPromtool() {
  const present = () => spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim() || null;
  const found = present();
  if (found || process.env.SKIP_PROMTOOL_INSTALL === 'true') return found;
  return aptInstall(['prometheus']) ? present() : null;
}

const runs = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** Whether `docker compose` or `docker-compose` can validate compose files (Debian's docker-compose installed now as root). */
export function composeAvailable() {
  if (runs('docker', ['compose', 'version']) || runs('docker-compose', ['version'])) return true;
  return process.env.SKIP_COMPOSE_INSTALL !== 'true' && aptInstall(['docker-compose']) && runs('docker-compose', ['version']);
}
