// The README and the pages of docs/: every command they show is run by `npm test` (a test names it) or by the CI
// script, or needs a Docker engine and is resolved by the compose check; a command added without one fails here.
// Every relative link and image resolves to a file, every path named in backticks exists, and the README stays
// short enough to read in two minutes.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const read = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** The pages checked: the README and every page of docs/. */
const PAGES = [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const README_MAX_LINES = 150;

/** The commands a reader can copy: each line of a ```sh block, and inline code that starts with a program. */
function readmeCommands(text) {
  const commands = [];
  const prose = text.replace(/```sh\n([\s\S]*?)```/g, (_, block) => {
    let heredoc = null;
    for (const raw of block.split('\n')) {
      const line = raw.trim();
      if (heredoc) {
        if (line === heredoc) heredoc = null;
        continue;
      }
      const command = line.replace(/\s+#.*$/, '');
      if (!command || command.startsWith('#')) continue;
      heredoc = command.match(/<<(\w+)$/)?.[1] ?? null;
      commands.push(command);
    }
    return '';
  });
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    // (`docker compose` alone names the program, as `docker-compose` does.)
    if (/^(?:[A-Z_]+=\S+ )*(?:npm|npx|node|docker|docker-compose|git|curl|chmod|openssl|mc) [^:]/.test(span) && span !== 'docker compose') commands.push(span);
  }
  return [...new Set(commands)];
}

const compose = 'tests/docker/check.mjs';
/**
 * Where each command runs: the file (a test, the CI script, or the script an npm alias starts) and what in
 * it runs the command. `how: 'resolved'`: the command needs a Docker engine; the compose check resolves the
 * file, settings and profile it uses (`docker compose config`) and builds the image when an engine is there.
 * `how: 'by hand'`: another party's tool, or a benchmark (figures, not pass or fail), named where it is shown.
 */
const WHERE = [
  { command: /^npm test$/, file: '.ci/run', runs: /^npm test$/m },
  { command: /^npm test -- /, file: 'tests/readme/commands.test.cjs', runs: "'--list'", note: 'suite names checked against --list below' },
  {
    command: /^npx jest --rootDir cms --config cms\/jest\.config\.js /,
    file: 'scripts/test.mjs',
    runs: "'cms/jest.config.js'",
    note: 'the cms suite, on the files named',
  },
  { command: /^npx jest --rootDir tests\/readme --config tests\/readme\/jest\.config\.cjs$/, file: 'scripts/test.mjs', runs: "'tests/readme/jest.config.cjs'" },
  {
    command: /^npx playwright test --config tests\/playwright\.config\.ts /,
    file: 'scripts/test.mjs',
    runs: "'tests/playwright.config.ts'",
    note: 'the e2e suite, on the specs named',
  },
  {
    command: /^npm run format$/,
    file: 'scripts/test.mjs',
    runs: "bin('prettier', 'bin/prettier.cjs'), '--check'",
    note: 'the lint suite checks what it writes',
  },
  {
    command: /^npm run screenshots$/,
    file: 'tests/e2e/screenshots.spec.ts',
    runs: "'scripts/screenshots.mjs'",
    alias: ['screenshots', 'scripts/screenshots.mjs', 'newCDPSession(page)'],
  },
  {
    command: /^(?:[A-Z_]+=\S+ )*npm start$/,
    file: 'tests/e2e/server.mjs',
    runs: 'startCms(',
    note: "npm start's seed and server, on a throw-away database (npm start itself writes cms/.env)",
  },
  { command: /^npm run seed$/, file: 'tests/e2e/server.mjs', runs: 'await runSeed(env)', alias: ['seed', 'scripts/seed.mjs', 'runSeed()'] },
  {
    command: /^npm run create-editor -- /,
    file: 'tests/postgres/check.mjs',
    runs: "seed/dist/create-editor.js'), `--email=",
    alias: ['create-editor', 'scripts/create-editor.mjs', "seed/dist/create-editor.js'), ...args"],
  },
  {
    command: /^npm run fetch-news$/,
    file: 'tests/postgres/check.mjs',
    runs: "seed/dist/fetch-news.js')",
    alias: ['fetch-news', 'scripts/fetch-news.mjs', "seed/dist/fetch-news.js')"],
  },
  {
    command: /^npx strapi admin:create-user$/,
    file: 'seed/src/create-editor.ts',
    runs: 'super-admin',
    note: "create-editor --role super-admin makes the same account (Strapi's own command is Strapi's)",
  },
  { command: /^docker compose config$/, file: compose, runs: "'config'" },
  { command: /^docker build -t haic-cms \.$/, file: compose, runs: "['build', '-t', 'haic-cms:test', ROOT]" },
  { command: /^docker compose --profile (monitoring|s3|cache) up -d$/, file: compose, runs: /config\('--profile', '(monitoring|s3|cache)'\)/, how: 'resolved' },
  {
    command: /^(?:[A-Z_]+=\S+ )*docker compose (up|ps|logs|down|build|exec|stop)\b|^docker (stop|rm|tag)\b|^git pull && docker compose build$/,
    file: compose,
    runs: 'config()',
    how: 'resolved',
  },
  {
    command: /^gen\(\) \{ openssl rand -base64 32; \}$|^cat > \.env <<EOF$|^chmod 600 \.env$/,
    file: compose,
    runs: 'writeEnv(',
    note: 'the .env the compose check writes holds every required setting',
    how: 'resolved',
  },
  {
    command: /^curl "https:\/\/api\.telegram\.org\/bot/,
    file: 'cms/tests/telegram.test.ts',
    runs: 'secret',
    note: "Telegram's own API; the webhook and its secret are tested",
    how: 'by hand',
  },
  {
    command: /^docker run --rm -v "\$\(basename "\$PWD"\)_uploads:|^docker volume ls$/,
    file: 'docker-compose.yml',
    runs: '- uploads:/app/cms/public/uploads',
    note: "Docker's own tar of the uploads volume compose mounts",
    how: 'by hand',
  },
  { command: /^mc mirror$/, file: 'docs/operating.md', runs: 'mc mirror', note: "MinIO's own tool, named for backups", how: 'by hand' },
  {
    command: /^npm run perf$|^node tests\/perf\/[a-z-]+\.mjs$/,
    file: 'tests/perf/run.mjs',
    runs: 'readdirSync(dir)',
    note: 'benchmarks print figures and are run by hand (no timings in the test suites)',
    how: 'by hand',
  },
];

const TEXT = Object.fromEntries(PAGES.map((page) => [page, read(page)]));
const commands = [...new Set(PAGES.flatMap((page) => readmeCommands(TEXT[page])))];

test("the pages show the commands this test knows of, the two commands in the README's first 20 lines", () => {
  expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/developing.md', 'docs/operating.md']));
  expect(commands).toEqual(expect.arrayContaining(['npm start', 'npm test', 'npm test -- --list', 'npm run fetch-news', 'npm run screenshots']));
  const opening = TEXT['README.md'].split('\n').slice(0, 20).join('\n');
  expect(opening).toMatch(/^npm start\b/m);
  expect(opening).toMatch(/^npm test\b/m);
  expect(opening).toContain('http://localhost:1337');
  // And the sign-ins the first start creates (scripts/start.mjs prints them): the panel's and the site admin's.
  for (const name of ['PANEL_ADMIN_EMAIL', 'PANEL_ADMIN_PASSWORD', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'cms/.env']) expect(opening).toContain(name);
  expect(read('scripts/start.mjs')).toMatch(/PANEL_ADMIN_PASSWORD[\s\S]*ADMIN_PASSWORD|ADMIN_PASSWORD[\s\S]*PANEL_ADMIN_PASSWORD/);
});

test(`the README is at most ${README_MAX_LINES} lines`, () => {
  expect(TEXT['README.md'].trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
});

test.each(commands)('`%s` is run by a test, the CI script or the compose check', (command) => {
  const where = WHERE.filter((entry) => entry.command.test(command));
  expect(where.map((entry) => entry.file)).toHaveLength(1);
  const [{ file, runs, alias }] = where;
  const text = read(file);
  expect(typeof runs === 'string' ? text.includes(runs) : runs.test(text)).toBe(true);
  if (alias) {
    // The npm alias starts the script, which runs what the test runs.
    const [name, script, call] = alias;
    expect(JSON.parse(read('package.json')).scripts[name]).toBe(`node ${script}`);
    expect(read(script)).toContain(call);
  }
});

test('every entry of the table above is still shown by a page', () => {
  const unused = WHERE.filter((entry) => !commands.some((command) => entry.command.test(command)));
  expect(unused.map((entry) => String(entry.command))).toEqual([]);
});

test('`npm test -- --list` lists the suites, and every suite the pages name is one of them', () => {
  const listed = spawnSync(process.execPath, [path.join(ROOT, 'scripts/test.mjs'), '--list'], { encoding: 'utf8' });
  expect(listed.status).toBe(0);
  const suites = listed.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/)[0]);
  expect(suites).toEqual(expect.arrayContaining(['types', 'cms', 'e2e', 'readme']));
  // The list of them on the developing page is complete.
  const named = TEXT['docs/developing.md'].match(/`npm test -- --list` lists them: ([a-z0-9,\s]+)\./)[1].split(/,\s*/);
  expect(named.sort()).toEqual([...suites].sort());
  // And each `npm test -- <suite ...>` it shows names suites that exist.
  for (const command of commands.filter((c) => c.startsWith('npm test -- ') && c !== 'npm test -- --list')) {
    expect(suites).toEqual(expect.arrayContaining(command.slice('npm test -- '.length).split(' ')));
  }
});

/** Where a page's relative link points, as a path from the repository's root; null for another site or the page itself. */
function linkTarget(page, href) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return null;
  const file = decodeURI(href.split('#')[0].split('?')[0]);
  return path.relative(ROOT, path.resolve(ROOT, path.dirname(page), file));
}

/** The anchors of a page's headings, as GitHub makes them: lower case, punctuation dropped, spaces to hyphens. */
const anchorsOf = (text) =>
  [...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-'),
  );

test.each(PAGES)('every relative link and image of %s resolves to a file in the tree, and a #part to its heading', (page) => {
  const hrefs = [...TEXT[page].matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]);
  const targets = hrefs.map((href) => linkTarget(page, href)).filter((target) => target !== null);
  const missing = targets.filter((target) => target.startsWith('..') || !fs.existsSync(path.join(ROOT, target)));
  expect(missing).toEqual([]);
  const parts = hrefs.filter((href) => href.startsWith('#') || (href.includes('#') && linkTarget(page, href) !== null));
  const unknownParts = parts.filter((href) => {
    const target = href.startsWith('#') ? page : linkTarget(page, href);
    return target.endsWith('.md') && !anchorsOf(read(target)).includes(href.split('#')[1]);
  });
  expect(unknownParts).toEqual([]);
  // Every page links back to the README, and the README to every page.
  if (page === 'README.md') expect(PAGES.filter((other) => other !== page && !targets.includes(other))).toEqual([]);
  else expect(targets).toContain('README.md');
});

test.each(PAGES)('every image of %s has alt text and weighs at most 200 KB', (page) => {
  for (const [, alt, src] of TEXT[page].matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)) {
    expect({ src, alt: alt.trim().length > 10 }).toEqual({ src, alt: true });
    const target = linkTarget(page, src);
    if (target) expect({ src, bytes: fs.statSync(path.join(ROOT, target)).size <= 200 * 1024 }).toEqual({ src, bytes: true });
  }
});

test.each(PAGES)('every file and folder %s names is in the tree', (page) => {
  // A name given inside a workspace's description is relative to it (`src/lib/` in the web row).
  const bases = ['', 'cms', 'web', 'web/src', 'tests', 'tests/perf', 'cms/database/migrations', 'cms/src/utils', 'cms/src/edge', 'cms/src/api/game-score'];
  const named = [...TEXT[page].matchAll(/`([\w./*-]+\.(?:ts|tsx|mjs|js|cjs|json|yml|vcl|md|webp|png)|[\w.-]+\/(?:[\w.-]+\/)*)`/g)].map((m) => m[1]);
  // Not files of this tree: the fixtures' folder in HAIC_SHARED_DIR, the name of a download and the site's
  // addresses (`/api/openapi.json`); a glob is checked by its folder.
  const missing = [...new Set(named)]
    .filter((name) => name !== 'feeds/' && !name.includes('YYYY') && !name.startsWith('/'))
    .map((name) => name.replace(/\*.*$/, ''))
    .filter((name) => !bases.some((base) => fs.existsSync(path.join(ROOT, base, name))));
  expect(missing).toEqual([]);
});

test('the pages name the files they rest on', () => {
  const named = PAGES.flatMap((page) => [...TEXT[page].matchAll(/`([\w./-]+\.(?:ts|mjs|cjs|json|yml))`/g)].map((m) => m[1]));
  expect(new Set(named).size).toBeGreaterThan(30);
});
