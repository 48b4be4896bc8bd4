// npm run screenshots: the pictures of the docs, taken from a running site in Chromium (Playwright) at a desktop
// and a phone width, as compressed WebP (Chromium's own encoder: no image library needed).
//
//   npm run screenshots -- [--base http://localhost:1337] [--out docs/images] [--pages home,game] [--widths 1280,375]
//
// The base URL also comes from SCREENSHOT_BASE_URL. The CMS panel needs a panel account: PANEL_ADMIN_EMAIL and
// PANEL_ADMIN_PASSWORD from the environment, else from cms/.env (where a first `npm start` wrote them). The run
// page shows the leader's run of GET /api/leaderboard (play a game first on a new database). Each image is
// <page>-<width>.webp; one over MAX_BYTES fails the command.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { readEnvFile } from './lib/env-file.mjs';
import { ROOT } from './lib/paths.mjs';
import { log } from './lib/process.mjs';
import { chromiumOnDisk } from './lib/system.mjs';

/** The most one image may weigh: the docs load every one of them. */
const MAX_BYTES = 200 * 1024;
/** WebP quality (0-100): text stays sharp, photos and gradients stay under the limit. */
const QUALITY = 80;
/** Height of the viewport at each width: a laptop's screen, a phone's. */
const HEIGHTS = { 1280: 800, 375: 740 };

/** Each picture: where it is, and what must be on screen before it is taken. */
const PAGES = {
  home: { path: async () => '/', ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  game: {
    path: async () => '/games/nurse-help-me',
    // The game in play: Start Game, the level's title card gone (3 s), the nurse walking right.
    ready: async (page) => {
      await page.getByRole('button', { name: 'Start Game' }).click();
      await page.getByTestId('game-canvas').waitFor();
      await page.waitForTimeout(2600);
      await page.keyboard.down('ArrowRight');
      await page.waitForTimeout(700);
      await page.keyboard.up('ArrowRight');
    },
  },
  leaderboard: { path: async () => '/leaderboard', ready: (page) => page.getByRole('table').first().waitFor() },
  run: {
    path: async (base) => `/runs/${await leaderRunId(base)}`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(4000); // the replay plays on its canvas, past the level's title card
    },
  },
  panel: {
    path: async () => '/cms/content-manager/collection-types/api::blog-post.blog-post',
    signIn: signInToPanel,
    ready: async (page) => {
      await page.getByRole('grid').or(page.getByRole('table')).first().waitFor({ timeout: 60_000 });
      // Strapi's announcement banner, when it shows one, is not part of the panel editors use.
      const close = page.getByRole('button', { name: 'Close' });
      if (await close.count()) await close.first().click();
    },
  },
};

async function leaderRunId(base) {
  const response = await fetch(new URL('/api/leaderboard?period=all&limit=1', base));
  const runId = response.ok ? (await response.json()).entries?.[0]?.runId : undefined;
  if (!runId) throw new Error(`no ranked run on ${base}/leaderboard to show: play a game first`);
  return runId;
}

function panelAccount() {
  const file = readEnvFile();
  const email = process.env.PANEL_ADMIN_EMAIL || file.PANEL_ADMIN_EMAIL;
  const password = process.env.PANEL_ADMIN_PASSWORD || file.PANEL_ADMIN_PASSWORD;
  if (!email || !password) throw new Error('the panel picture needs PANEL_ADMIN_EMAIL and PANEL_ADMIN_PASSWORD (environment or cms/.env)');
  return { email, password };
}

async function signInToPanel(page, base) {
  const { email, password } = panelAccount();
  await page.goto(new URL('/cms/auth/login', base).href, { timeout: 90_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/cms\/?$/, { timeout: 60_000 });
}

/** The viewport as WebP, through the DevTools protocol (Playwright's own screenshots are PNG or JPEG only). */
async function webp(page) {
  const session = await page.context().newCDPSession(page);
  const { data } = await session.send('Page.captureScreenshot', { format: 'webp', quality: QUALITY });
  await session.detach();
  return Buffer.from(data, 'base64');
}

const list = (text) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

async function takeScreenshots({ base, out, pages, widths }) {
  const unknown = pages.filter((name) => !(name in PAGES));
  if (unknown.length) throw new Error(`unknown page ${unknown.join(', ')}; the pages are: ${Object.keys(PAGES).join(', ')}`);
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumOnDisk(), args: ['--no-sandbox', '--disable-gpu', '--hide-scrollbars'] });
  const taken = [];
  try {
    for (const width of widths) {
      const height = HEIGHTS[width] ?? Math.round(width * 0.625);
      // A fresh context per width: the panel's sign-in and the game's sound switch start the same each time.
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, reducedMotion: 'reduce', colorScheme: 'light' });
      try {
        for (const name of pages) {
          const { path: pathOf, signIn, ready } = PAGES[name];
          const page = await context.newPage();
          if (signIn) await signIn(page, base);
          await page.goto(new URL(await pathOf(base), base).href, { waitUntil: 'load', timeout: 90_000 });
          await ready(page);
          await page.evaluate('document.fonts.ready');
          const image = await webp(page);
          const file = path.join(out, `${name}-${width}.webp`);
          fs.writeFileSync(file, image);
          taken.push({ file, bytes: image.length });
          log(`${file}: ${(image.length / 1024).toFixed(0)} KB`);
          if (image.length > MAX_BYTES) throw new Error(`${file} is ${image.length} bytes, over ${MAX_BYTES}`);
          await page.close();
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return taken;
}

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: process.env.SCREENSHOT_BASE_URL || 'http://localhost:1337' },
    out: { type: 'string', default: path.join(ROOT, 'docs', 'images') },
    pages: { type: 'string', default: Object.keys(PAGES).join(',') },
    widths: { type: 'string', default: '1280,375' },
  },
});
await takeScreenshots({ base: values.base, out: path.resolve(values.out), pages: list(values.pages), widths: list(values.widths).map(Number) });
