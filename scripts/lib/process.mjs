// Running commands from the repository root, and the one log line style of the scripts.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { ROOT } from './paths.mjs';

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export const log = (message) => console.log(`\x1b[36m[haic]\x1b[0m ${message}`);

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: ROOT, ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${result.status ?? result.signal}`);
  }
}

/**
 * Sets a started command's priority (a nice value: lower runs first; raising one needs root) where this
 * process may; the command's own children, started after, inherit it.
 */
export function setPriority(child, priority) {
  if (!child.pid) return;
  try {
    os.setPriority(child.pid, priority);
  } catch {
    // Not allowed here: it runs at the usual priority.
  }
}

/** `run` without blocking: builds that do not depend on each other run side by side; `priority`: see setPriority. */
export function runAsync(command, args, { priority, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options, env: { ...process.env, ...options.env } });
    if (priority !== undefined) setPriority(child, priority);
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code ?? signal}`))));
  });
}
