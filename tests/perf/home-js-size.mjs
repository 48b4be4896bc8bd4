// Prints the gzipped size of the JavaScript the home page loads: the entry chunk plus the
// home route's chunk and everything they import statically. Run after a build:
//   node tests/perf/home-js-size.mjs [web/dist]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(process.argv[2] || 'web/dist');
const assets = path.join(dist, 'assets');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)[1];
const homeChunk = fs.readdirSync(assets).find((f) => /^HomePage-.*\.js$/.test(f));

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = fs.readFileSync(path.join(assets, file), 'utf8');
  // Static imports only (dynamic import() of other routes is not loaded by the home page).
  for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
}
visit(entry);
visit(homeChunk);

let total = 0;
const rows = [...seen].map((f) => {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(assets, f)), { level: 9 }).length;
  total += gz;
  return [f, gz];
});
rows.sort((a, b) => b[1] - a[1]);
for (const [f, gz] of rows) console.log(`${(gz / 1024).toFixed(2).padStart(8)} KB  ${f}`);
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS for the home page (${rows.length} files)`);
