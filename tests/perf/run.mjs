// npm run perf: every benchmark in this folder (data-scale.mjs, engine-bench.mjs, ...), one after the
// other. Figures only: a bench that misses its own bar says so (and exits 1), and the run goes on.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && !['run.mjs', 'lib.mjs'].includes(f))
  .filter((f) => !only.length || only.some((o) => f.includes(o)));
const missed = [];
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const { status, signal } = spawnSync(process.execPath, [path.join(dir, bench)], { stdio: 'inherit' });
  if (status !== 0) missed.push(`${bench} (exit ${status ?? signal})`);
}
if (missed.length) console.log(`\nmissed their bar or failed: ${missed.join(', ')}`);
