// npm test: install what is missing, find (or install) Chromium, build, then run every suite:
// type checks, web unit tests, CMS API tests, the fuzzer, browser tests, and the PostgreSQL check when a
// PostgreSQL server can be had. Ends with one summary line.
// `npm test -- cms e2e` runs only the suites named (the keys below); `npm test -- --list` lists them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildCms, buildSeed, buildWeb } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ROOT, WEB_DIR } from './lib/paths.mjs';
import { log } from './lib/process.mjs';
import { freePort } from './lib/server.mjs';
import { VARNISHD, composeAvailable, findChromium, findPostgres, findPromtool, installMissingInBackground } from './lib/system.mjs';

const ARTIFACTS = path.join(ROOT, 'tests', '.artifacts');
fs.rmSync(ARTIFACTS, { recursive: true, force: true });
fs.mkdirSync(ARTIFACTS, { recursive: true });

const SUITES = {
  types: 'type checks (web, cms)',
  lint: 'linter (ESLint over every workspace, with the import boundaries)',
  contract: 'contract unit tests',
  web: 'web unit tests',
  cms: 'CMS API tests',
  fuzz: 'fuzzer',
  e2e: 'browser tests',
  docker: 'compose check',
  cache: 'cache in front check (Varnish)',
  postgres: 'PostgreSQL check',
  scale: 'two-instance scale test',
};
const asked = process.argv.slice(2);
if (asked.includes('--list')) {
  for (const [key, what] of Object.entries(SUITES)) console.log(`${key.padEnd(9)} ${what}`);
  process.exit(0);
}
const unknown = asked.filter((name) => !(name in SUITES));
if (unknown.length) {
  console.error(`Unknown suite ${unknown.join(', ')}; the suites are: ${Object.keys(SUITES).join(', ')}`);
  process.exit(2);
}
const wanted = (suite) => asked.length === 0 || asked.includes(suite);

const started = Date.now();
// System programs download while npm installs and the builds run.
const systemPrograms = installMissingInBackground({
  chromium: wanted('e2e'),
  postgres: wanted('postgres') || wanted('scale'),
  // The metrics test checks the exposition format with promtool (where it can be had).
  promtool: wanted('cms') || wanted('docker'),
  compose: wanted('docker'),
  varnish: wanted('cache'),
});
ensureInstalled();
await Promise.all([
  buildWeb(),
  // The browser tests' build, with the hooks they drive the game through.
  wanted('e2e') && buildWeb({ outDir: path.join(WEB_DIR, 'dist-test'), env: { VITE_TEST_HOOKS: 'true' } }),
  buildCms(),
  buildSeed(),
]);
await systemPrograms;
const chromium = wanted('e2e') ? findChromium() : null;
if (wanted('cms') || wanted('docker')) log(`promtool: ${findPromtool() ?? 'not installed (the metrics format is checked without it)'}`);
if (chromium) log(`Chromium: ${chromium}`);

const results = [];

function step(suite, name, command, args, { env = {}, count } = {}) {
  if (!wanted(suite)) return;
  log(`▶ ${name}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  const counted = count ? count() : null;
  const ok = result.status === 0;
  results.push({
    name,
    ok,
    passed: counted?.passed ?? (ok ? 1 : 0),
    failed: counted?.failed ?? (ok ? 0 : 1),
    failures: counted?.failures ?? [],
    seconds: (Date.now() - t0) / 1000,
  });
}

// The first line of a failure, without colour codes: a CI log is often read from its tail only, so the
// summary names each failed test and why.
const firstLine = (text = '') =>
  stripVTControlCharacters(String(text))
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 300) ?? '';

const jestCounts = (file) => () => {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    const failures = report.testResults.flatMap((suite) => {
      const tests = suite.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => ({ title: `${path.relative(ROOT, suite.name)} › ${test.fullName}`, message: firstLine(test.failureMessages?.[0]) }));
      return tests.length || !suite.failureMessage ? tests : [{ title: path.relative(ROOT, suite.name), message: firstLine(suite.failureMessage) }];
    });
    return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites, failures };
  } catch {
    return null;
  }
};

function playwrightFailures(suite, trail = []) {
  const here = suite.title ? [...trail, suite.title] : trail;
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => {
        const last = test.results.at(-1);
        return { title: [...here, spec.title].join(' › '), message: firstLine(last?.error?.message ?? last?.errors?.[0]?.message) };
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, here))];
}

const node = process.execPath;
const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, file);

step('types', 'type check: web', node, [bin('typescript', 'bin/tsc'), '-p', 'web/tsconfig.json', '--noEmit']);
step('types', 'type check: cms', node, [bin('typescript', 'bin/tsc'), '-p', 'cms/tsconfig.json', '--noEmit']);
// eslint.config.mjs: the recommended rules, React's hook rules and the import boundaries; any error fails the step.
// The cache (by content, kept in node_modules) makes a second run re-read only the files that changed.
const eslintCache = ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(ROOT, 'node_modules', '.cache', 'eslint')];
step('lint', 'lint: every workspace (ESLint)', node, [bin('eslint', 'bin/eslint.js'), ...eslintCache, '.']);
step('lint', 'lint: the import boundaries refuse what they should (node:test)', node, ['--test', 'scripts/lint-boundaries.test.mjs']);

const contractReport = path.join(ARTIFACTS, 'contract-jest.json');
step('contract', 'contract unit tests: engine, input log, levels (Jest)', node, [bin('jest', 'bin/jest.js'), '--ci', '--rootDir', 'contract', '--config', 'contract/jest.config.cjs', '--json', '--outputFile', contractReport], {
  count: jestCounts(contractReport),
});

const webReport = path.join(ARTIFACTS, 'web-jest.json');
step('web', 'web unit tests (Jest, jsdom)', node, [bin('jest', 'bin/jest.js'), '--ci', '--rootDir', 'web', '--config', 'web/jest.config.cjs', '--json', '--outputFile', webReport], {
  count: jestCounts(webReport),
});

const cmsReport = path.join(ARTIFACTS, 'cms-jest.json');
step('cms', 'CMS API tests (Jest, supertest, SQLite)', node, [bin('jest', 'bin/jest.js'), '--ci', '--rootDir', 'cms', '--config', 'cms/jest.config.js', '--maxWorkers=2', '--json', '--outputFile', cmsReport], {
  count: jestCounts(cmsReport),
});

const fuzzReport = path.join(ARTIFACTS, 'fuzz.json');
step('fuzz', 'fuzzer: malformed bodies on every write route', node, ['tests/fuzz/fuzz.mjs'], {
  env: { FUZZ_REPORT: fuzzReport },
  count: () => (fs.existsSync(fuzzReport) ? JSON.parse(fs.readFileSync(fuzzReport, 'utf8')) : null),
});

const e2eReport = path.join(ARTIFACTS, 'e2e.json');
step('e2e', 'browser tests (Playwright, Chromium)', node, [bin('@playwright/test', 'cli.js'), 'test', '--config', 'tests/playwright.config.ts'], {
  env: { CHROMIUM_PATH: chromium, E2E_PORT: String(await freePort()), PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  count: () => {
    try {
      const report = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
      const { stats } = report;
      return { passed: stats.expected + stats.flaky, failed: stats.unexpected, failures: report.suites.flatMap((suite) => playwrightFailures(suite)) };
    } catch {
      return null;
    }
  },
});

const dockerReport = path.join(ARTIFACTS, 'docker.json');
if (!wanted('docker')) {
  // not asked for
} else if (composeAvailable()) {
  step('docker', 'production files: docker-compose.yml (and the image, with a Docker engine)', node, ['tests/docker/check.mjs'], {
    env: { DOCKER_REPORT: dockerReport },
    count: () => (fs.existsSync(dockerReport) ? JSON.parse(fs.readFileSync(dockerReport, 'utf8')) : null),
  });
} else {
  log('Neither `docker compose` nor `docker-compose` is installed: docker-compose.yml was not checked (README, "Checking by hand").');
}

const varnishd = VARNISHD;
if (!wanted('cache')) {
  // not asked for
} else if (fs.existsSync(varnishd)) {
  const cacheReport = path.join(ARTIFACTS, 'cache.json');
  step('cache', 'cache in front: Varnish with .varnish.vcl before the site (hit, purge on publish, stale while down)', node, ['tests/cache/check.mjs'], {
    env: { VARNISHD: varnishd, CACHE_REPORT: cacheReport },
    count: () => (fs.existsSync(cacheReport) ? JSON.parse(fs.readFileSync(cacheReport, 'utf8')) : null),
  });
} else {
  log(`varnishd is not installed (${varnishd}): the cache in front was not checked (apt-get install varnish).`);
}

const postgres = wanted('postgres') || wanted('scale') ? findPostgres() : null;
if (!wanted('postgres') && !wanted('scale')) {
  // not asked for
} else if (postgres) {
  const pgReport = path.join(ARTIFACTS, 'postgres.json');
  step('postgres', 'PostgreSQL: the CMS on a real PostgreSQL server', node, ['tests/postgres/check.mjs'], {
    env: { PG_BIN: postgres, PG_REPORT: pgReport },
    count: () => (fs.existsSync(pgReport) ? JSON.parse(fs.readFileSync(pgReport, 'utf8')) : null),
  });
  const scaleReport = path.join(ARTIFACTS, 'scale.json');
  step('scale', 'scale: two CMS instances on one PostgreSQL behind a proxy', node, ['tests/scale/run.mjs'], {
    env: { PG_BIN: postgres, SCALE_REPORT: scaleReport },
    count: () => (fs.existsSync(scaleReport) ? JSON.parse(fs.readFileSync(scaleReport, 'utf8')) : null),
  });
} else {
  log('PostgreSQL is not installed and cannot be installed here: the PostgreSQL check and the scale test did not run.');
}

console.log('\nResults:');
for (const r of results) {
  console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`);
  for (const failure of r.failures) console.log(`         ✘ ${failure.title}\n           ${failure.message}`);
}
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
console.log(`\nTotal time ${((Date.now() - started) / 60000).toFixed(1)} min`);
console.log(`summary: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
