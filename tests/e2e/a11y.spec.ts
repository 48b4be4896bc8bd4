/**
 * Every route of the site's router, loaded once and checked at a desktop (1280 px) and a phone (375 px) width:
 * - no axe violation of WCAG 2.2 A and AA;
 * - every stylesheet the page applies came in the server's HTML (the server found all of its chunks' CSS),
 *   but for the CSS of components the page loads lazily after it renders (the game's and the replay's canvas).
 * The routes come from the router in the server build, so a new route is checked without being listed here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env.mjs';
import { signedIn } from './fixtures/accounts';
import { WCAG_22_AA, axeViolations } from './fixtures/axe';
import { insertWeekRuns } from './fixtures/insert-board';

const SITE_BUILD = path.resolve(__dirname, '..', '..', 'web', 'dist');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { routePaths } = require(`${SITE_BUILD}-server/entry-server.cjs`) as { routePaths(): { path: string; signedIn: boolean }[] };

/** What a route's parameters stand for here: a seeded post, a stored run, an address no page has. */
const SAMPLE_PARAMS: Record<string, () => string> = {
  ':slug': () => 'nurse-help-me-ai-assistant-gives-nurses-time-back',
  ':id': () => runId,
  '*': () => 'no-such-page',
};

const urlOf = (pattern: string) =>
  pattern.replace(/:[\w-]+|\*/g, (param) => {
    const sample = SAMPLE_PARAMS[param];
    if (!sample) throw new Error(`no sample value for ${param} in ${pattern}: add one to SAMPLE_PARAMS`);
    return sample();
  });

/** CSS of the chunks loaded lazily by components (not pages): the server does not render them, so it does not send their CSS. */
function lazyComponentStyles(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(SITE_BUILD, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { src?: string; css?: string[]; isDynamicEntry?: boolean }
  >;
  return new Set(
    Object.values(manifest).flatMap((chunk) =>
      chunk.isDynamicEntry && !chunk.src?.startsWith('src/pages/') ? (chunk.css ?? []).map((file) => `/${file}`) : [],
    ),
  );
}

// Each route's checks stand alone: spread over the workers (each signs its own visitors in). A worker's first
// page also waits for the server's first render of it.
test.describe.configure({ mode: 'parallel', timeout: 60_000 });

let runId = '';
let signedInState: BrowserContextOptions['storageState'];
const lazyStyles = lazyComponentStyles();

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  // A low run on the all-time board (the board's table is one of the checked widgets), played long ago.
  const guestWallet = `GUEST_A11Y${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  [runId] = insertWeekRuns('all', [{ guestWallet, totalPoints: 420, playedDate: new Date('2020-01-07T10:00:00Z') }], 'all');
  // A player and the site admin, signed in the way their sign-in pages store them.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page);
  const admin = await page.evaluate(async ({ username, password }) => {
    if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/api/xsrf');
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice(11) ?? '',
    );
    const response = await fetch('/api/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`admin sign-in failed: ${response.status}`);
    return response.json();
  }, E2E_ADMIN);
  await page.evaluate(({ token, username, role }) => {
    localStorage.setItem('authToken', token);
    localStorage.setItem('currentUser', JSON.stringify({ id: '0', email: username, name: username, role }));
  }, admin);
  signedInState = await context.storageState();
  await context.close();
});

/** The stylesheets the page applies (inlined ones keep a disabled link to their file). */
const appliedStyles = (page: Page) =>
  page.evaluate(() => [
    ...[...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname),
    ...[...document.querySelectorAll<HTMLStyleElement>('style[data-href]')].map((style) => style.dataset.href ?? ''),
  ]);

/** The checks at each width: what a desktop and a phone show of the same page. */
const WIDTHS = [1280, 375];

for (const route of routePaths()) {
  test(`${route.path}${route.signedIn ? ' (signed in)' : ''} at ${WIDTHS.join(' and ')} px: its styles come with the page, no axe violations (WCAG 2.2 AA)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: WIDTHS[0], height: 900 },
      reducedMotion: 'reduce',
      ...(route.signedIn ? { storageState: signedInState } : {}),
    });
    const page = await context.newPage();
    const response = await page.goto(urlOf(route.path));
    const serverHtml = (await response?.text()) ?? '';
    await expect(page.locator('h1').first()).toBeVisible();
    if (route.path === '/leaderboard') await expect(page.getByRole('region', { name: /^Leaderboard/ }).locator('table')).toBeVisible();
    await page.waitForLoadState('networkidle');

    const sent = new Set([...serverHtml.matchAll(/ (?:data-)?href="(\/assets\/[^"]+\.css)"/g)].map((found) => found[1]));
    const missing = (await appliedStyles(page)).filter((file) => !sent.has(file) && !lazyStyles.has(file));
    expect(missing, 'stylesheets the page needed that the server did not send').toEqual([]);

    // One page load, checked at each width: the layout follows the window (media queries and the
    // components that watch the width), as on a phone turned or a window narrowed.
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      expect((await axeViolations(page, { tags: WCAG_22_AA })).map((violation) => `${width} px: ${violation}`)).toEqual([]);
    }
    await context.close();
  });
}
