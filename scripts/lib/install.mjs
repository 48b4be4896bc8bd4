// npm install, only when needed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { NPM, log, run, runAsync } from './process.mjs';

/**
 * The package whose install script takes minutes: better-sqlite3 compiles SQLite from source wherever its
 * prebuilt binary cannot be downloaded (about 105 s of one core here). Its binary says it is built.
 */
const SQLITE_PACKAGE = 'better-sqlite3';
const SQLITE_BINARY = path.join(ROOT, 'node_modules', SQLITE_PACKAGE, 'build', 'Release', 'better_sqlite3.node');
const LOCK = path.join(ROOT, 'package-lock.json');
/** npm's own record of what it installed. */
const INSTALLED = path.join(ROOT, 'node_modules', '.package-lock.json');

/** The other packages with install scripts (esbuild, swc, ...), as package-lock.json records them: a few seconds. */
function quickInstallScripts() {
  const { packages } = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const names = Object.entries(packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].filter((name) => name !== SQLITE_PACKAGE);
}

/**
 * Installs dependencies when node_modules is missing (npm ci) or older than the lock file (npm install).
 * npm keeps its own record of what it installed in node_modules/.package-lock.json.
 */
export function ensureInstalled() {
  if (!fs.existsSync(INSTALLED)) {
    log('Installing dependencies (npm ci, a few minutes the first time)...');
    run(NPM, ['ci', '--no-audit', '--no-fund']);
  } else if (fs.statSync(LOCK).mtimeMs > fs.statSync(INSTALLED).mtimeMs) {
    log('package-lock.json changed: updating dependencies (npm install)...');
    run(NPM, ['install', '--no-audit', '--no-fund']);
  }
  // Also a compile cut short before (the install itself had finished).
  if (!fs.existsSync(SQLITE_BINARY)) {
    log(`Compiling ${SQLITE_PACKAGE} (SQLite, from source: about two minutes)...`);
    run(NPM, ['rebuild', SQLITE_PACKAGE]);
  }
}

/**
 * ensureInstalled for `npm test`, with SQLite's compile (minutes of one core) kept off the path: on a fresh
 * clone it starts before `npm ci`, from the package's own tarball, and runs while npm unpacks the others
 * (`npm ci --ignore-scripts`; the other packages' install scripts run after it, a few seconds). Resolves
 * once the other packages are in place, with `sqliteBuilt`, which settles once SQLite's binary is too: the
 * builds and the checks that need no database go on meanwhile.
 */
export async function installBesideSqlite() {
  if (fs.existsSync(INSTALLED)) {
    ensureInstalled();
    return { sqliteBuilt: Promise.resolve() };
  }
  log('Installing dependencies (npm ci --ignore-scripts, a few minutes the first time), SQLite compiling beside it...');
  const started = Date.now();
  const aside = compileSqliteAside();
  // Settled here even when the install fails first: the caller hears of that failure, not of this one.
  aside.catch(() => undefined);
  await runAsync(NPM, ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
  await runAsync(NPM, ['rebuild', ...quickInstallScripts()]);
  const sqliteBuilt = aside.then(
    ({ dir, binary }) => {
      fs.mkdirSync(path.dirname(SQLITE_BINARY), { recursive: true });
      fs.copyFileSync(binary, SQLITE_BINARY);
      fs.rmSync(dir, { recursive: true, force: true });
      log(`${SQLITE_PACKAGE} compiled in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    },
    (error) => {
      log(`${SQLITE_PACKAGE} could not be compiled beside the install (${error.message}): npm rebuild ${SQLITE_PACKAGE}...`);
      return runAsync(NPM, ['rebuild', SQLITE_PACKAGE], { priority: -10 });
    },
  );
  return { sqliteBuilt };
}

/**
 * Fetches the lock file's better-sqlite3 (checked against its integrity), unpacks it into a folder of its own
 * and compiles it there (the package's own build-release script: node-gyp, which npm provides), at a high
 * priority where this process may raise one. Resolves with that folder and the built binary's path.
 */
async function compileSqliteAside() {
  const { packages } = JSON.parse(fs.readFileSync(LOCK, 'utf8'));
  const { version, integrity } = packages[`node_modules/${SQLITE_PACKAGE}`];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-sqlite-'));
  const output = fs.openSync(path.join(dir, 'compile.log'), 'w');
  const quiet = { stdio: ['ignore', output, output] };
  try {
    await runAsync(NPM, ['pack', `${SQLITE_PACKAGE}@${version}`, '--pack-destination', dir, '--ignore-scripts', '--silent'], quiet);
    const tarball = path.join(dir, `${SQLITE_PACKAGE}-${version}.tgz`);
    const [algorithm, expected] = [integrity.slice(0, integrity.indexOf('-')), integrity.slice(integrity.indexOf('-') + 1)];
    if (crypto.createHash(algorithm).update(fs.readFileSync(tarball)).digest('base64') !== expected) {
      throw new Error(`${SQLITE_PACKAGE}@${version} does not match package-lock.json's integrity`);
    }
    await runAsync('tar', ['-xzf', tarball, '-C', dir], quiet);
    const packageDir = path.join(dir, 'package');
    await runAsync(NPM, ['run', 'build-release'], { ...quiet, cwd: packageDir, priority: -10 });
    return { dir, binary: path.join(packageDir, 'build', 'Release', 'better_sqlite3.node') };
  } catch (error) {
    throw new Error(`${error.message} (see ${path.join(dir, 'compile.log')})`, { cause: error });
  } finally {
    fs.closeSync(output);
  }
}
