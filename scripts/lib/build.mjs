// Builds that run only when their inputs changed (a hash of them is kept beside each output).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CMS_DIR, CONTRACT_DIR, ROOT, SEED_DIR, WEB_DIR } from './paths.mjs';
import { NPM, log, run, runAsync } from './process.mjs';

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
    build: () => Promise.all([vite(['--outDir', outDir, '--emptyOutDir']), vite(['--ssr', 'src/entry-server.tsx', '--outDir', serverDir, '--emptyOutDir'])]),
  });
}

export async function buildSeed() {
  await buildContract();
  return buildIfStale({
    name: 'the seed command',
    inputs: ['src', 'package.json', 'tsconfig.json'].map((p) => path.join(SEED_DIR, p)).concat(CONTRACT_INPUTS),
    outDir: path.join(SEED_DIR, 'dist'),
    build: () => runAsync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(SEED_DIR, 'tsconfig.json')]),
  });
}

/** Runs the idempotent seed against the database the env names. */
export async function runSeed(env = {}) {
  await buildSeed();
  run(process.execPath, [path.join(ROOT, 'seed/dist/run.js')], { env: { NODE_ENV: 'production', ...env } });
}
