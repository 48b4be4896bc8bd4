// Time from `npm start` to ready on an already built (and seeded) tree.
import { spawn } from 'node:child_process';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { freePort } from '../../scripts/lib/server.mjs';

async function timeStart() {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = await new Promise((resolve) => {
    const onData = (chunk) => {
      output += chunk;
      if (output.includes('Ready in')) resolve(true);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => resolve(false));
  });
  const seconds = (Date.now() - started) / 1000;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  if (!ready) throw new Error(`npm start did not become ready:\n${output.slice(-2000)}`);
  return seconds;
}

const first = await timeStart();
console.log(`startup: first run ${first.toFixed(1)} s (builds or seeds whatever was missing)`);
const runs = [];
for (let i = 0; i < 3; i++) runs.push(await timeStart());
runs.sort((a, b) => a - b);
console.log(`startup: npm start to ready on a built tree: median ${runs[1].toFixed(1)} s (runs: ${runs.map((s) => s.toFixed(1)).join(', ')} s)`);
