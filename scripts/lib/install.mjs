// npm install, only when needed.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';
import { NPM, log, run } from './process.mjs';

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
