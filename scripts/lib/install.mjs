// npm install, only when needed.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { NPM, log, run, runAsync } from './process.mjs';

/**
 * The package whose install script takes minutes: better-sqlite3 compiles SQLite from source wherever its
 * prebuilt binary cannot be downloaded. Its binary says it is built.
 */
const SQLITE_PACKAGE = 'better-sqlite3';
const SQLITE_BINARY = path.join(ROOT, 'node_modules', SQLITE_PACKAGE, 'build', 'Release', 'better_sqlite3.node');
/**
 * Compiled at -O1 rather than its -O3 (the flags the environment gives come after the package's own, and
 * the last -O wins): 52 s of one core here instead of 111 s. SQLite is the embedded default, not production
 * (PostgreSQL); the site's work on it is the app's JavaScript, not SQLite's C.
 */
const SQLITE_COMPILE_ENV = {
  CFLAGS: `${process.env.CFLAGS ?? ''} -O1`.trim(),
  CXXFLAGS: `${process.env.CXXFLAGS ?? ''} -O1`.trim(),
};

/** The other packages with install scripts (esbuild, swc, ...), as package-lock.json records them: a few seconds. */
function quickInstallScripts() {
  const { packages } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const names = Object.entries(packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([where]) => where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].filter((name) => name !== SQLITE_PACKAGE);
}

/**
 * Installs dependencies when node_modules is missing (npm ci) or older than the lock file (npm install).
 * npm keeps its own record of what it installed in node_modules/.package-lock.json.
 *
 * With `sqliteInBackground`, a fresh install runs the packages' install scripts itself, after `npm ci
 * --ignore-scripts`: they and SQLite's compile are left running, and the returned promise settles when they
 * end, so that work which needs no database (the builds, the type checks, ...) fills the other core meanwhile.
 * (None of it waits for the others' scripts: esbuild and swc check their binaries, core-js and protobufjs
 * print a notice.) Without it (and when nothing is missing) the promise is settled already.
 */
export function ensureInstalled({ sqliteInBackground = false } = {}) {
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(installed)) {
    log('Installing dependencies (npm ci, a few minutes the first time)...');
    if (!sqliteInBackground) {
      run(NPM, ['ci', '--no-audit', '--no-fund']);
      return Promise.resolve();
    }
    run(NPM, ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
    const scripts = runAsync(NPM, ['rebuild', ...quickInstallScripts()]);
    return Promise.all([scripts, compileSqlite({ inBackground: true })]);
  } else if (fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs) {
    log('package-lock.json changed: updating dependencies (npm install)...');
    run(NPM, ['install', '--no-audit', '--no-fund']);
  }
  return compileSqlite({ inBackground: sqliteInBackground });
}

/** SQLite's compile, unless its binary is there (also after a compile cut short, once the install had finished). */
function compileSqlite({ inBackground }) {
  if (fs.existsSync(SQLITE_BINARY)) return Promise.resolve();
  log(`Compiling ${SQLITE_PACKAGE} (SQLite, from source: about a minute)...`);
  if (!inBackground) {
    run(NPM, ['rebuild', SQLITE_PACKAGE], { env: SQLITE_COMPILE_ENV });
    return Promise.resolve();
  }
  const started = Date.now();
  // Ahead of the builds and checks beside it (where this process may raise a priority): everything that
  // runs the app waits for it.
  return runAsync(NPM, ['rebuild', SQLITE_PACKAGE], { priority: -10, env: SQLITE_COMPILE_ENV }).then(() =>
    log(`${SQLITE_PACKAGE} compiled in ${((Date.now() - started) / 1000).toFixed(0)} s.`),
  );
}
