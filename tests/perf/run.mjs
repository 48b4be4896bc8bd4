// npm run perf: every benchmark in this folder, one after the other. Figures only; no pass/fail.
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
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  spawnSync(process.execPath, [path.join(dir, bench)], { stdio: 'inherit' });
}
