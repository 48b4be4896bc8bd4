// npm install, only when needed.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
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
 * Installs dependencies when node_modules is missing (npm ci) or older than the lock file (npm install), and
 * compiles SQLite when its binary is missing. npm keeps its own record of what it installed in
 * node_modules/.package-lock.json.
 */
export function ensureInstalled() {
  const lock = path.join(ROOT, 'package-lock.json');
  const installed = path.join(ROOT, 'node_modules', '.package-lock.json');
  if (!fs.existsSync(installed)) {
    log('Installing dependencies (npm ci, a few minutes the first time)...');
    run(NPM, ['ci', '--no-audit', '--no-fund']);
  } else if (fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs) {
    log('package-lock.json changed: updating dependencies (npm install)...');
    run(NPM, ['install', '--no-audit', '--no-fund']);
  }
  // Also a compile cut short before (the install itself had finished).
  if (!fs.existsSync(SQLITE_BINARY)) {
    log(`Compiling ${SQLITE_PACKAGE} (SQLite, from source: about a minute)...`);
    run(NPM, ['rebuild', SQLITE_PACKAGE], { env: SQLITE_COMPILE_ENV });
  }
}

/**
 * ensureInstalled for `npm test`, with SQLite's compile (a minute of one core) kept off the builds' way. On a
 * fresh clone it starts with `npm ci --ignore-scripts`, from the package's own tarball in a folder of its own,
 * at a low priority: npm's unpacking leaves a third of the machine idle (measured here), which the compile
 * takes. Once npm is done (and the other packages' install scripts, a few seconds) the compile goes ahead of the
 * builds where this process may raise a priority, and the promise resolves, with `sqliteBuilt`, which settles
 * once SQLite's binary is in place: the builds and the checks that need no database start meanwhile.
 */
export async function installBesideSqlite() {
  if (fs.existsSync(path.join(ROOT, 'node_modules', '.package-lock.json')) || process.platform === 'win32') {
    ensureInstalled();
    return { sqliteBuilt: Promise.resolve() };
  }
  // Beside the install only where its priority can be raised after it (as root: CI, a container); elsewhere a low
  // priority would keep it behind the builds, and it compiles after the install, beside them.
  const aside = process.getuid?.() === 0 ? compileSqliteAside() : null;
  log(`Installing dependencies (npm ci, a few minutes the first time)${aside ? ', SQLite compiling beside it' : ''}...`);
  const started = Date.now();
  await runAsync(NPM, ['ci', '--no-audit', '--no-fund', '--ignore-scripts']);
  await runAsync(NPM, ['rebuild', ...quickInstallScripts()]);
  if (!aside) {
    log(`Compiling ${SQLITE_PACKAGE} (SQLite, from source: about a minute)...`);
    const sqliteBuilt = runAsync(NPM, ['rebuild', SQLITE_PACKAGE], { priority: AHEAD_OF_BUILDS_PRIORITY, env: SQLITE_COMPILE_ENV }).then(() =>
      log(`${SQLITE_PACKAGE} compiled in ${((Date.now() - started) / 1000).toFixed(0)} s.`),
    );
    return { sqliteBuilt };
  }
  aside.goAhead();
  const sqliteBuilt = aside.built.then(
    (binary) => {
      fs.mkdirSync(path.dirname(SQLITE_BINARY), { recursive: true });
      fs.copyFileSync(binary, SQLITE_BINARY);
      log(`${SQLITE_PACKAGE} compiled in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
    },
    (error) => {
      log(`${SQLITE_PACKAGE} could not be compiled beside the install (${error.message}): npm rebuild ${SQLITE_PACKAGE}...`);
      return runAsync(NPM, ['rebuild', SQLITE_PACKAGE], { priority: AHEAD_OF_BUILDS_PRIORITY, env: SQLITE_COMPILE_ENV });
    },
  );
  sqliteBuilt.finally(() => aside.cleanUp()).catch(() => undefined);
  return { sqliteBuilt };
}

/** The priority of SQLite's compile beside npm's install (it takes what npm leaves idle), and after it. */
const BESIDE_INSTALL_PRIORITY = 10;
const AHEAD_OF_BUILDS_PRIORITY = -10;

/**
 * Fetches the lock file's better-sqlite3 (checked against its integrity), unpacks it into a folder of its own
 * and compiles it there (the package's own build-release script: node-gyp, which npm provides), in a process
 * group of its own at a low priority. `goAhead` raises the whole group's priority (where this process may);
 * `built` resolves with the binary's path; `cleanUp` removes the folder.
 */
function compileSqliteAside() {
  const { packages } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const { version, integrity } = packages[`node_modules/${SQLITE_PACKAGE}`];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-sqlite-'));
  const logFile = path.join(dir, 'compile.log');
  const output = fs.openSync(logFile, 'w');
  let priority = BESIDE_INSTALL_PRIORITY;
  let compiler = null;
  /** Runs a command in the folder, in a process group of its own (so its compilers' priority can be changed). */
  const inFolder = (command, args, cwd = dir) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, args, { cwd, stdio: ['ignore', output, output], detached: true, env: { ...process.env, ...SQLITE_COMPILE_ENV } });
      compiler = child;
      setGroupPriority(child.pid, priority);
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code}`))));
    });
  // A run stopped midway does not leave the compile behind.
  const stop = () => {
    if (compiler?.exitCode !== null) return;
    try {
      process.kill(-compiler.pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  };
  process.on('exit', stop);
  const built = (async () => {
    try {
      await inFolder(NPM, ['pack', `${SQLITE_PACKAGE}@${version}`, '--pack-destination', dir, '--ignore-scripts', '--silent']);
      const tarball = path.join(dir, `${SQLITE_PACKAGE}-${version}.tgz`);
      const [algorithm, expected] = [integrity.slice(0, integrity.indexOf('-')), integrity.slice(integrity.indexOf('-') + 1)];
      if (crypto.createHash(algorithm).update(fs.readFileSync(tarball)).digest('base64') !== expected) {
        throw new Error(`${SQLITE_PACKAGE}@${version} does not match package-lock.json's integrity`);
      }
      await inFolder('tar', ['-xzf', tarball, '-C', dir]);
      await inFolder(NPM, ['run', 'build-release'], path.join(dir, 'package'));
      return path.join(dir, 'package', 'build', 'Release', 'better_sqlite3.node');
    } catch (error) {
      throw new Error(`${error.message} (see ${logFile})`, { cause: error });
    } finally {
      fs.closeSync(output);
      process.off('exit', stop);
    }
  })();
  return {
    built,
    goAhead: () => {
      priority = AHEAD_OF_BUILDS_PRIORITY;
      if (compiler?.exitCode === null) setGroupPriority(compiler.pid, priority);
    },
    cleanUp: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Sets the priority of a process group (a leader and every process it started) where this process may. */
function setGroupPriority(groupId, priority) {
  if (!groupId) return;
  // renice (util-linux) changes every process of the group at once, the compilers already started too.
  const result = spawnSync('renice', ['-n', String(priority), '-g', String(groupId)], { stdio: 'ignore' });
  if (result.status !== 0) {
    try {
      os.setPriority(groupId, priority);
    } catch {
      // Not allowed here: it runs at the usual priority.
    }
  }
}
