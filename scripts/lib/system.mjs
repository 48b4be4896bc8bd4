// Finding (and, as root on Debian, installing) the system programs the tests need.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { log } from './process.mjs';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const hasAptGet = () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const APT_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
let aptUpdated = false;

function aptInstall(packages) {
  if (!isRoot() || !hasAptGet()) return false;
  log(`Installing ${packages.join(', ')} from Debian's packages...`);
  if (!aptUpdated) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: APT_ENV });
    aptUpdated = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env: APT_ENV }).status === 0;
}

/**
 * Starts installing, in one apt-get and in the background, every missing system program the named
 * suites need, so the download overlaps the npm install and the builds. Resolves when it is done
 * (whatever the outcome: each find* function below looks again and installs or gives up on its own).
 */
export function installMissingInBackground({ chromium, postgres, promtool, compose, varnish }) {
  const missing = [
    chromium && !process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL) && 'chromium-headless-shell',
    postgres && !process.env.PG_BIN && !postgresBinDir() && process.env.SKIP_POSTGRES_INSTALL !== 'true' && 'postgresql',
    promtool && !promtoolOnPath() && process.env.SKIP_PROMTOOL_INSTALL !== 'true' && 'prometheus',
    compose && !composeOnPath() && process.env.SKIP_COMPOSE_INSTALL !== 'true' && 'docker-compose',
    varnish && !fs.existsSync(VARNISHD) && process.env.SKIP_VARNISH_INSTALL !== 'true' && 'varnish',
    // The cache check runs the production recipe's TLS proxy in front of Varnish.
    varnish && !fs.existsSync(NGINX) && process.env.SKIP_VARNISH_INSTALL !== 'true' && 'nginx-light',
  ].filter(Boolean);
  if (!missing.length || !isRoot() || !hasAptGet()) return Promise.resolve();
  log(`Installing ${missing.join(', ')} from Debian's packages in the background...`);
  aptUpdated = true;
  const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`;
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', script], { stdio: 'ignore', env: APT_ENV });
    child.on('error', () => resolve());
    child.on('exit', () => resolve());
  });
}

/** The Varnish daemon the cache check runs (VARNISHD, else Debian's). */
export const VARNISHD = process.env.VARNISHD || '/usr/sbin/varnishd';
/** The TLS proxy the cache check puts in front of Varnish (NGINX, else Debian's). */
const NGINX = process.env.NGINX || '/usr/sbin/nginx';

/**
 * Debian's headless shell of Chromium (package chromium-headless-shell): the same engine without the desktop
 * browser around it, which is what Playwright itself runs for headless tests. It costs about a third of the
 * full browser's CPU per page here, and the browser suite is bound by CPU.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** CHROMIUM_PATH, else the headless shell, else the full browser. */
export const chromiumOnDisk = () =>
  [process.env.CHROMIUM_PATH, HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean).find((file) => fs.existsSync(file));

/** The Chromium the browser tests drive: as on disk, else Debian's headless shell or browser installed now (as root). */
export function findChromium() {
  const found = chromiumOnDisk();
  if (found) return found;
  if (aptInstall(['chromium-headless-shell']) && fs.existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (aptInstall(['chromium']) && fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('No Chromium found. Install it (Debian: apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH.');
}

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(`${base}/${v}/bin/initdb`))
    .sort((a, b) => Number(b) - Number(a));
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
const promtoolOnPath = () => spawnSync('sh', ['-c', 'command -v promtool'], { encoding: 'utf8' }).stdout.trim() || null;

export function findPromtool() {
  const found = promtoolOnPath();
  if (found || process.env.SKIP_PROMTOOL_INSTALL === 'true') return found;
  return aptInstall(['prometheus']) ? promtoolOnPath() : null;
}

const runs = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const composeOnPath = () => runs('docker', ['compose', 'version']) || runs('docker-compose', ['version']);

/** Whether `docker compose` or `docker-compose` can validate compose files (Debian's docker-compose installed now as root). */
export function composeAvailable() {
  if (composeOnPath()) return true;
  return process.env.SKIP_COMPOSE_INSTALL !== 'true' && aptInstall(['docker-compose']) && runs('docker-compose', ['version']);
}
