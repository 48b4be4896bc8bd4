// npm test: install what is missing, find (or install) Chromium, build, then run every suite:
// type checks, unit tests, CMS API tests, the fuzzer, browser tests, the compose, README and cache checks,
// and the PostgreSQL checks when a PostgreSQL server can be had; side by side as far as the cores allow
// (scripts/lib/steps.mjs). Ends with one summary line, read from each runner's own report.
// `npm test -- cms e2e` runs only the suites named (the keys below); `npm test -- --list` lists them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildCms, buildContract, buildSeed, buildWeb } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { ROOT } from './lib/paths.mjs';
import { log } from './lib/process.mjs';
import { freePort, waitForHttp } from './lib/server.mjs';
import { reports, runSteps } from './lib/steps.mjs';
import { VARNISHD, composeAvailable, findChromium, findPostgres, findPromtool, installMissingInBackground } from './lib/system.mjs';

const SUITES = {
  types: 'type checks (web, cms, the test files)',
  lint: 'linter (ESLint over every workspace, with the import boundaries) and the formatter (Prettier)',
  contract: 'contract unit tests',
  web: 'web unit tests',
  cms: 'CMS API tests',
  fuzz: 'fuzzer',
  e2e: 'browser tests',
  docker: 'compose check',
  readme: 'README: every command it shows is run by a test or the CI script',
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

const ARTIFACTS = path.join(ROOT, 'tests', '.artifacts');
fs.rmSync(ARTIFACTS, { recursive: true, force: true });
fs.mkdirSync(ARTIFACTS, { recursive: true });

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
// SQLite compiles in the background on a fresh install; the builds and the checks that need no database fill
// the other core meanwhile.
const sqliteBuilt = ensureInstalled({ sqliteInBackground: true });
// The type checks, the linter and the unit tests read the contract's compiled types, and nothing else built.
const contractBuilt = buildContract();
// One build of the site, the one `npm start` serves: the browser tests test it (they ask a page for the game's
// test handle, which it then loads on its own).
const built = Promise.all([buildWeb(), buildCms(), buildSeed()]);
// The system programs (apt-get, in the background since the start) are looked for in what follows.
await systemPrograms;
// What runs the CMS waits for the builds and SQLite.
const appReady = Promise.all([built, sqliteBuilt]);
// A failed build or install is a failed run (below); meanwhile the steps that need it do not run.
const setUp = appReady.then(
  () => null,
  (error) => error,
);
const chromium = wanted('e2e') ? findChromium() : null;
if (wanted('cms') || wanted('docker')) log(`promtool: ${findPromtool() ?? 'not installed (the metrics format is checked without it)'}`);
if (chromium) log(`Chromium: ${chromium}`);

const steps = [];
/**
 * Adds a command to the run; `cores` is how many it keeps busy, `after` what it waits for (see runSteps):
 * by default everything built and installed.
 */
function step(suite, name, command, args, { env = {}, count, cores = 1, after = appReady, onEnd } = {}) {
  if (wanted(suite)) steps.push({ name, command, args, env, count, cores, after, onEnd });
}

/** The counts a check script writes ({ passed, failed }) when it ends. */
const checkCounts = (file) => () => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * Starts the browser tests' server on `port`, its output kept in the artifacts: `ready` settles when it answers
 * (or fails when it exits first), `stop` ends it and waits for it to go.
 */
function startE2eServer(port) {
  const output = fs.openSync(path.join(ARTIFACTS, 'e2e-server.log'), 'w');
  const child = spawn(process.execPath, ['e2e/server.mjs'], {
    cwd: path.join(ROOT, 'tests'),
    stdio: ['ignore', output, output],
    env: { ...process.env, E2E_PORT: port },
  });
  const exited = new Promise((resolve) => child.on('exit', resolve)).then(() => fs.closeSync(output));
  return {
    ready: waitForHttp(`http://127.0.0.1:${port}/_health`, { timeoutMs: 300_000, child }).catch((error) => {
      child.kill('SIGTERM');
      throw new Error(`the browser tests' server did not start (tests/.artifacts/e2e-server.log): ${error.message}`);
    }),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

const node = process.execPath;
const bin = (pkg, file) => path.join(ROOT, 'node_modules', pkg, file);

// The checks that need no app start once the contract is compiled, beside the builds and SQLite's compile;
// those with no timings run on the time the rest leaves idle (0 cores: a low priority, see runSteps).
const early = { after: contractBuilt };
const idleTime = { after: contractBuilt, cores: 0 };
// The CMS build (strapi build) compiles cms/tsconfig.json with this TypeScript and, with noEmitOnError, stops at
// the first type error; its stamp is written only after a clean compile of these very sources. So the CMS is
// type-checked once, by its build, unless that setting is gone.
const cmsTypesCheckedByBuild = /"noEmitOnError"\s*:\s*true/.test(fs.readFileSync(path.join(ROOT, 'cms/tsconfig.json'), 'utf8'));
if (!cmsTypesCheckedByBuild) step('types', 'type check: cms', node, [bin('typescript', 'bin/tsc'), '-p', 'cms/tsconfig.json', '--noEmit'], idleTime);
// The site, and the test files that Jest (isolatedModules), Playwright and Node run without type checks: the CMS
// API tests, the contract's tests, the browser specs and the check scripts. One `tsc -b` (one process) checks
// the four projects; each references the contract (composite, compiled above), so its sources are checked once,
// by its own rules, and the others read its declarations (measured: 23-28 CPU-s instead of 32-33 for four `tsc -p`).
const TYPED_PROJECTS = ['web/tsconfig.json', 'cms/tests/tsconfig.json', 'contract/test/tsconfig.json', 'tests/tsconfig.json'];
step('types', 'type check: web, cms tests, contract tests, browser tests and checks', node, [bin('typescript', 'bin/tsc'), '-b', ...TYPED_PROJECTS], {
  // Each project counts as one check when all pass; a failure counts once (tsc's output names the files).
  count: (ok) => (ok ? { passed: TYPED_PROJECTS.length, failed: 0 } : null),
  ...idleTime,
});
// eslint.config.mjs: the recommended rules, React's hook rules and the import boundaries; any error fails the step.
// The cache (by content, kept in node_modules) makes a second run re-read only the files that changed.
const eslintCache = ['--cache', '--cache-strategy', 'content', '--cache-location', path.join(ROOT, 'node_modules', '.cache', 'eslint')];
step('lint', 'lint: every workspace (ESLint)', node, [bin('eslint', 'bin/eslint.js'), ...eslintCache, '.'], idleTime);
step('lint', 'lint: the import boundaries refuse what they should (node:test)', node, ['--test', 'scripts/lint-boundaries.test.mjs'], idleTime);
// .prettierrc.json, .prettierignore: every TypeScript, JavaScript and CSS file as `npm run format` writes it.
const prettierCache = ['--cache', '--cache-location', path.join(ROOT, 'node_modules', '.cache', 'prettier', '.prettier-cache')];
step('lint', 'format: every source file as Prettier writes it', node, [bin('prettier', 'bin/prettier.cjs'), '--check', ...prettierCache, '.'], idleTime);

const contractReport = path.join(ARTIFACTS, 'contract-jest.json');
step(
  'contract',
  'contract unit tests: engine, input log, levels (Jest)',
  node,
  [
    bin('jest', 'bin/jest.js'),
    '--ci',
    '--rootDir',
    'contract',
    '--config',
    'contract/jest.config.cjs',
    '--maxWorkers=1',
    '--json',
    '--outputFile',
    contractReport,
  ],
  {
    count: reports.jest(contractReport),
    ...idleTime,
  },
);

const webReport = path.join(ARTIFACTS, 'web-jest.json');
step(
  'web',
  'web unit tests (Jest, jsdom)',
  node,
  [bin('jest', 'bin/jest.js'), '--ci', '--rootDir', 'web', '--config', 'web/jest.config.cjs', '--maxWorkers=2', '--json', '--outputFile', webReport],
  {
    count: reports.jest(webReport),
    // After the builds: beside them and SQLite's compile, renders timed out (Jest's 5 s per test), and the checks on
    // idle time then ran on into the API tests (measured: the web suite on idle time made those 175-183 s, not 121 s).
    cores: 2,
  },
);

const cmsReport = path.join(ARTIFACTS, 'cms-jest.json');
// Three workers on two cores: each test file waits a share of its time (a booting app's database, timers, bcrypt
// in worker threads), which a third file fills (202 s instead of 247 s here).
step(
  'cms',
  'CMS API tests (Jest, supertest, SQLite)',
  node,
  [bin('jest', 'bin/jest.js'), '--ci', '--rootDir', 'cms', '--config', 'cms/jest.config.js', '--maxWorkers=3', '--json', '--outputFile', cmsReport],
  {
    count: reports.jest(cmsReport),
    cores: 2,
  },
);

// The suites that run the app start in the order they are added: the longest first.
const e2eReport = path.join(ARTIFACTS, 'e2e.json');
const e2ePort = String(await freePort());
// The browser tests' server (tests/e2e/server.mjs: it seeds a throw-away database, makes the panel's editor and
// starts the CMS, about 25 s of one core) starts once the app is built, beside the API tests, rather than at the
// start of the browser tests; they use it (E2E_SERVER_STARTED, tests/playwright.config.ts) once it answers.
const e2eServer = wanted('e2e') ? appReady.then(() => startE2eServer(e2ePort)) : null;
step('e2e', 'browser tests (Playwright, Chromium)', node, [bin('@playwright/test', 'cli.js'), 'test', '--config', 'tests/playwright.config.ts'], {
  env: { CHROMIUM_PATH: chromium, E2E_PORT: e2ePort, E2E_SERVER_STARTED: 'true', PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport },
  after: e2eServer?.then(({ ready }) => ready),
  onEnd: () => e2eServer?.then(({ stop }) => stop()),
  count: reports.playwright(e2eReport),
  // Three Playwright workers, their browsers and the server keep two cores busy (vmstat: 90-100 % here; a browser
  // page load costs about 0.3 s of CPU), with timed expectations: alone on a small machine. Five workers took
  // longer here, and the panel's pages then ran past their waits.
  cores: 4,
});

const dockerReport = path.join(ARTIFACTS, 'docker.json');
if (!wanted('docker')) {
  // not asked for
} else if (composeAvailable()) {
  step('docker', 'production files: docker-compose.yml (and the image, with a Docker engine)', node, ['tests/docker/check.mjs'], {
    env: { DOCKER_REPORT: dockerReport },
    count: checkCounts(dockerReport),
    ...early,
  });
} else {
  log('Neither `docker compose` nor `docker-compose` is installed: docker-compose.yml was not checked (README, "Checking by hand").');
}

const readmeReport = path.join(ARTIFACTS, 'readme-jest.json');
step(
  'readme',
  'README commands (Jest)',
  node,
  [bin('jest', 'bin/jest.js'), '--ci', '--rootDir', 'tests/readme', '--config', 'tests/readme/jest.config.cjs', '--json', '--outputFile', readmeReport],
  {
    count: reports.jest(readmeReport),
    ...idleTime,
  },
);

// The checks after the browser tests keep less than the machine busy each (measured alone here: the scale test
// 83 s of CPU in 61 s, the PostgreSQL check 56 in 41, the cache check 24 in 30, the fuzzer 40 in 26): they run two
// at a time, in this order.
const postgres = wanted('postgres') || wanted('scale') ? findPostgres() : null;
if (!wanted('postgres') && !wanted('scale')) {
  // not asked for
} else if (postgres) {
  const scaleReport = path.join(ARTIFACTS, 'scale.json');
  step('scale', 'scale: two CMS instances on one PostgreSQL behind a proxy', node, ['tests/scale/run.mjs'], {
    env: { PG_BIN: postgres, SCALE_REPORT: scaleReport },
    count: checkCounts(scaleReport),
    // Two CMS instances, PostgreSQL and the proxy, under load, with instances booting in turn; mostly waiting
    // on each other.
    cores: 1,
  });
} else {
  log('PostgreSQL is not installed and cannot be installed here: the PostgreSQL check and the scale test did not run.');
}

const varnishd = VARNISHD;
if (!wanted('cache')) {
  // not asked for
} else if (fs.existsSync(varnishd)) {
  const cacheReport = path.join(ARTIFACTS, 'cache.json');
  step('cache', 'cache in front: Varnish with .varnish.vcl before the site (hit, purge on publish, stale while down)', node, ['tests/cache/check.mjs'], {
    env: { VARNISHD: varnishd, CACHE_REPORT: cacheReport },
    count: checkCounts(cacheReport),
    // One site process and Varnish, mostly waiting on each other.
    cores: 1,
  });
} else {
  log(`varnishd is not installed (${varnishd}): the cache in front was not checked (apt-get install varnish).`);
}

if (postgres) {
  const pgReport = path.join(ARTIFACTS, 'postgres.json');
  step('postgres', 'PostgreSQL: the CMS on a real PostgreSQL server', node, ['tests/postgres/check.mjs'], {
    env: { PG_BIN: postgres, PG_REPORT: pgReport },
    count: checkCounts(pgReport),
    // The CMS and PostgreSQL, one request at a time.
    cores: 1,
  });
  // The API tests written for both databases (cms/tests/helpers/postgres.ts), again on a PostgreSQL cluster of their own.
  const pgApiReport = path.join(ARTIFACTS, 'cms-postgres-jest.json');
  step(
    'postgres',
    'CMS API tests on PostgreSQL: search and its upgrade (Jest)',
    node,
    [
      bin('jest', 'bin/jest.js'),
      '--ci',
      '--rootDir',
      'cms',
      '--config',
      'cms/jest.config.js',
      '--maxWorkers=1',
      '--json',
      '--outputFile',
      pgApiReport,
      'cms/tests/search',
    ],
    {
      env: { PG_BIN: postgres, HAIC_TEST_DATABASE: 'postgres' },
      count: reports.jest(pgApiReport),
      cores: 1,
    },
  );
}

const fuzzReport = path.join(ARTIFACTS, 'fuzz.json');
step('fuzz', 'fuzzer: malformed bodies on every write route', node, ['tests/fuzz/fuzz.mjs'], {
  env: { FUZZ_REPORT: fuzzReport },
  count: checkCounts(fuzzReport),
  // The server and the sender (the worst strings are timed, well within their bound).
  cores: 1,
});

const results = await runSteps(steps, { logDir: ARTIFACTS });
const setUpError = await setUp;
if (setUpError) results.unshift({ name: `install and builds (${setUpError.message})`, ok: false, passed: 0, failed: 1, seconds: 0 });
if (wanted('types') && cmsTypesCheckedByBuild)
  results.unshift({ name: 'type check: cms (by the CMS build, above)', ok: true, passed: 1, failed: 0, seconds: 0 });
console.log('\nResults:');
for (const r of results) console.log(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds.toFixed(0)} s)`);
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
console.log(`\nTotal time ${((Date.now() - started) / 60000).toFixed(1)} min`);
console.log(`summary: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
