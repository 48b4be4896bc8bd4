// Shared helpers for the start, build, seed and test commands. Plain Node: they run before any install.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CMS_DIR = path.join(ROOT, 'cms');
export const WEB_DIR = path.join(ROOT, 'web');
export const ENV_FILE = path.join(CMS_DIR, '.env');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const log = (message) => console.log(`\x1b[36m[haic]\x1b[0m ${message}`);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

/** `run` without blocking: builds that do not depend on each other run side by side. */
export function runAsync(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options, env: { ...process.env, ...options.env } });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code ?? signal}`)),
    );
  });
}

/**
 * Installs dependencies when node_modules is missing (npm ci) or older than the lock file
 * (npm install). npm keeps its own record of what it installed in node_modules/.package-lock.json.
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
}

// ---------- local secrets ----------

export function parseEnv(text) {
  const values = {};
  for (const line of text.split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Za-z_]\w*)\s*=(.*)$/);
    if (match) values[match[1]] = match[2].trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

export const readEnvFile = (file = ENV_FILE) => (fs.existsSync(file) ? parseEnv(fs.readFileSync(file, 'utf8')) : {});

const secret = (bytes = 32) => crypto.randomBytes(bytes).toString('base64');

/** A password that satisfies the site's rules: upper, lower, digit and special character. */
export const generatePassword = () => `Hc${crypto.randomBytes(12).toString('base64url')}7!`;

/**
 * Creates cms/.env on first run with fresh secrets and fills in any that are missing later.
 * Returns the names of the values it generated.
 */
export function ensureEnvFile() {
  const current = readEnvFile();
  const wanted = {
    APP_KEYS: () => [secret(16), secret(16), secret(16), secret(16)].join(','),
    API_TOKEN_SALT: () => secret(16),
    ADMIN_JWT_SECRET: () => secret(),
    TRANSFER_TOKEN_SALT: () => secret(16),
    JWT_SECRET: () => secret(),
    ENCRYPTION_KEY: () => secret(),
    TELEGRAM_WEBHOOK_SECRET: () => crypto.randomBytes(24).toString('hex'),
    PREVIEW_SECRET: () => secret(),
    RUN_TICKET_SECRET: () => secret(),
  };
  if (!process.env.ADMIN_USERNAME && !process.env.ADMIN_PASSWORD) {
    wanted.ADMIN_USERNAME = () => 'admin';
    wanted.ADMIN_PASSWORD = generatePassword;
  }
  // The CMS panel's first Super Admin (created at start on a database without panel accounts).
  if (!process.env.PANEL_ADMIN_EMAIL && !process.env.PANEL_ADMIN_PASSWORD) {
    wanted.PANEL_ADMIN_EMAIL = () => 'admin@haic.local';
    wanted.PANEL_ADMIN_PASSWORD = generatePassword;
  }
  const added = {};
  for (const [name, make] of Object.entries(wanted)) {
    if (!current[name] && !process.env[name]) added[name] = make();
  }
  if (Object.keys(added).length) {
    const header = fs.existsSync(ENV_FILE) ? '' : '# Local secrets, generated on first start. Never commit this file.\n';
    const lines = Object.entries(added).map(([k, v]) => `${k}=${v}`).join('\n');
    fs.appendFileSync(ENV_FILE, `${header}${lines}\n`, { mode: 0o600 });
  }
  return added;
}

// ---------- builds ----------

function listFiles(entry, out = []) {
  if (!fs.existsSync(entry)) return out;
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    out.push(entry);
    return out;
  }
  for (const name of fs.readdirSync(entry).sort()) {
    if (name === 'node_modules' || name === 'dist' || name === '.strapi' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
    listFiles(path.join(entry, name), out);
  }
  return out;
}

/** Hash of the inputs' paths and contents, plus any extra text (such as build-time env). */
export function hashInputs(inputs, extra = '') {
  const hash = crypto.createHash('sha256').update(extra);
  for (const file of inputs.flatMap((input) => listFiles(input))) {
    hash.update(path.relative(ROOT, file)).update(fs.readFileSync(file));
  }
  return hash.digest('hex');
}

/** Runs `build` (async) only when the inputs changed since the last successful build into outDir. */
export async function buildIfStale({ name, inputs, outDir, extra = '', build, stampFiles = [] }) {
  const stamp = path.join(outDir, '.haic-build');
  const wanted = hashInputs(inputs, extra);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted && stampFiles.every((file) => fs.existsSync(file))) {
    log(`${name} is up to date.`);
    return false;
  }
  log(`Building ${name}...`);
  const started = Date.now();
  await build();
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(stamp, wanted);
  log(`${name} built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

export const CONTRACT_DIR = path.join(ROOT, 'contract');
/** The contract's sources: every build that uses it lists them among its inputs. */
const CONTRACT_INPUTS = ['src', 'package.json', 'tsconfig.json'].map((p) => path.join(CONTRACT_DIR, p));

let contractBuild = null;
/**
 * Compiles the shared contract (engine, levels, rules, API types) into contract/dist for Node; once
 * per process, so the builds that need it can start side by side.
 */
export function buildContract() {
  contractBuild ??= buildIfStale({
    name: 'the contract',
    inputs: CONTRACT_INPUTS,
    outDir: path.join(CONTRACT_DIR, 'dist'),
    build: () => runAsync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(CONTRACT_DIR, 'tsconfig.json')]),
  });
  return contractBuild;
}

export async function buildCms() {
  await buildContract();
  return buildIfStale({
    name: 'the CMS',
    inputs: ['src', 'config', 'package.json', 'tsconfig.json', 'favicon.png'].map((p) => path.join(CMS_DIR, p)).concat(CONTRACT_INPUTS),
    outDir: path.join(CMS_DIR, 'dist'),
    build: () => runAsync(NPM, ['run', 'build', '--workspace', 'cms'], { env: { NODE_ENV: 'production' } }),
  });
}

/** Where the server renderer of a site build goes: beside it, e.g. web/dist-server for web/dist. */
export const serverDirOf = (outDir) => `${outDir}-server`;

/**
 * Builds the site into web/dist (or another folder, e.g. a test build with debug hooks), and its
 * server renderer (Vite's SSR build of src/entry-server.tsx) beside it; one hash covers both.
 */
export function buildWeb({ outDir = path.join(WEB_DIR, 'dist'), env = {} } = {}) {
  const envText = JSON.stringify(Object.entries(env).sort());
  const serverDir = serverDirOf(outDir);
  const vite = (args) => runAsync(NPM, ['exec', '--workspace', 'web', '--', 'vite', 'build', ...args], { env });
  return buildIfStale({
    name: `the site (${path.relative(ROOT, outDir)})`,
    inputs: ['src', 'public', 'index.html', 'package.json', 'tsconfig.json', 'vite.config.ts'].map((p) => path.join(WEB_DIR, p)).concat(CONTRACT_INPUTS),
    outDir,
    extra: envText,
    // A missing server build makes the stamp stale too.
    stampFiles: [path.join(serverDir, 'entry-server.cjs')],
    build: () =>
      Promise.all([vite(['--outDir', outDir, '--emptyOutDir']), vite(['--ssr', 'src/entry-server.tsx', '--outDir', serverDir, '--emptyOutDir'])]),
  });
}

// ---------- processes ----------

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url, { timeoutMs = 120000, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Starts the built CMS (which also serves the site) the way `npm start` does. */
export function startCms({ env = {}, stdio = 'inherit' } = {}) {
  return spawn(process.execPath, [path.join(ROOT, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'], {
    cwd: CMS_DIR,
    stdio,
    env: { NODE_ENV: 'production', ...process.env, ...env },
  });
}

export function sqliteFile(env = process.env) {
  const client = env.DATABASE_CLIENT || readEnvFile().DATABASE_CLIENT || 'sqlite';
  if (client !== 'sqlite') return null;
  const name = env.DATABASE_FILENAME || readEnvFile().DATABASE_FILENAME || 'data/haic.db';
  return path.resolve(CMS_DIR, name);
}

export async function buildSeed() {
  await buildContract();
  const seedDir = path.join(ROOT, 'seed');
  return buildIfStale({
    name: 'the seed command',
    inputs: ['src', 'package.json', 'tsconfig.json'].map((p) => path.join(seedDir, p)).concat(CONTRACT_INPUTS),
    outDir: path.join(seedDir, 'dist'),
    build: () => runAsync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(seedDir, 'tsconfig.json')]),
  });
}

/** Runs the idempotent seed against the database the env names. */
export async function runSeed(env = {}) {
  await buildSeed();
  run(process.execPath, [path.join(ROOT, 'seed/dist/run.js')], { env: { NODE_ENV: 'production', ...env } });
}
