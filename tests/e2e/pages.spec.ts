import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

// The marketing and information pages: their key figures, texts and links, and a clean console.

const SHOTS_DIR = path.join(os.tmpdir(), 'pages-shots');

// Each test stands alone (its own page, nothing shared): spread over the workers, so no worker is left with a
// long file at the end of the run.
test.describe.configure({ mode: 'parallel' });

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

async function expectExternal(link: Locator, href: string | RegExp) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

const main = (page: Page) => page.locator('main');

test.describe('home', () => {
  test('states the ledger claims and links to the platform, the community and the whitepaper', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home - HAIC');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Healthcare AI on the XRP Ledger');

    const claims = page.getByTestId('ledger-claims');
    await expect(claims).toContainText('3-5 seconds');
    await expect(claims).toContainText('1,500+');
    await expect(claims).toContainText('Transactions per second');
    await expect(claims).toContainText('Under $0.01');

    await expectExternal(main(page).getByRole('link', { name: 'Visit Nurse Help Me' }), 'https://nursehelpme.com');
    await expectExternal(main(page).getByRole('link', { name: 'Join the Community' }), 'https://t.me/HAICtoken');
    await main(page).getByRole('link', { name: 'Read the Whitepaper' }).click();
    await expect(page).toHaveURL('/whitepaper');
  });

  test('has feature cards, ecosystem cards and six exchange links opening in a new tab', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'What HAIC brings to healthcare' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'AI for everyday care' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'The HAIC ecosystem' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Nurse Help Me platform' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Play the game' })).toHaveAttribute('href', '/games/nurse-help-me');

    const exchanges = page.getByTestId('exchange-links').getByRole('link');
    await expect(exchanges).toHaveCount(6);
    const hrefs = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const link = exchanges.nth(i);
      await expectExternal(link, /^https:\/\//);
      hrefs.add((await link.getAttribute('href'))!);
    }
    expect(hrefs.size).toBe(6);
    await expect(exchanges.filter({ hasText: 'Sologenic DEX' })).toHaveAttribute('href', 'https://sologenic.org/trade');
  });

  test('the hero video is muted, looping, inline and made from project files', async ({ page }) => {
    await page.goto('/');
    const video = page.getByTestId('hero-video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('poster', '/media/hero-poster.webp');
    const sources = await video.locator('source').evaluateAll((els) => els.map((e) => (e as HTMLSourceElement).getAttribute('src')));
    expect(sources).toEqual(['/media/hero.webm', '/media/hero.mp4']);
    for (const src of [...sources, '/media/hero-poster.webp', '/media/hero-poster.jpg']) {
      const res = await page.request.get(src!);
      expect(res.status()).toBe(200);
    }
  });

  test('when autoplay is blocked, playback is tried again on the first click', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __playCalls: number };
      w.__playCalls = 0;
      const original = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        w.__playCalls += 1;
        if (w.__playCalls === 1) return Promise.reject(new DOMException('Autoplay blocked', 'NotAllowedError'));
        return original.call(this);
      };
    });
    const errors = collectErrors(page);
    await page.goto('/');
    const video = page.getByTestId('hero-video');
    await expect.poll(() => page.evaluate(() => (window as unknown as { __playCalls: number }).__playCalls)).toBe(1);
    await expect(video).toHaveJSProperty('paused', true);
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();

    await page.getByRole('heading', { level: 2, name: 'Why the XRP Ledger' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __playCalls: number }).__playCalls)).toBe(2);
    await expect(video).toHaveJSProperty('paused', false);
    await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();

    // Only the first click retries.
    await page.getByRole('heading', { level: 2, name: 'Where to trade HAIC' }).click();
    expect(await page.evaluate(() => (window as unknown as { __playCalls: number }).__playCalls)).toBe(2);
    expect(errors).toEqual([]);
  });

  test('a visitor who asks for reduced motion gets the poster and downloads no video', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (/\.(webm|mp4)$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('hero-video')).toHaveJSProperty('paused', true);
    await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
    expect(videoRequests).toEqual([]);
    await context.close();
  });

  test('the video can be paused and played again', async ({ page }) => {
    await page.goto('/');
    const video = page.getByTestId('hero-video');
    await expect(video).toHaveJSProperty('paused', false);
    await page.getByRole('button', { name: 'Pause video' }).click();
    await expect(video).toHaveJSProperty('paused', true);
    await page.getByRole('button', { name: 'Play video' }).click();
    await expect(video).toHaveJSProperty('paused', false);
  });
});

test.describe('HAIC token', () => {
  test('offers the chart link without contacting the chart host until the visitor asks', async ({ page }) => {
    const errors = collectErrors(page);
    const outside: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith('http://127.0.0.1')) outside.push(req.url());
    });
    await page.goto('/haic-token');
    await expect(page).toHaveTitle('HAIC Token - HAIC');
    const chart = page.getByTestId('price-chart');
    await expect(chart).toHaveAttribute('data-state', 'idle');
    await expect(chart.locator('iframe')).toHaveCount(0);
    const link = page.getByTestId('chart-fallback-link');
    await expect(link).toBeVisible();
    await expectExternal(link, /^https:\/\/dexscreener\.com\//);
    await page.waitForLoadState('networkidle');
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('falls back to the plain chart link when the embed cannot load', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/haic-token');
    const chart = page.getByTestId('price-chart');
    await chart.getByRole('button', { name: 'Load live chart' }).click();
    // The tests run without internet: the chart host cannot be reached.
    await expect(chart).toHaveAttribute('data-state', 'fallback', { timeout: 10_000 });
    await expect(chart).toContainText('The live chart cannot be shown here right now.');
    await expect(chart.locator('iframe')).toHaveCount(0);
    await expect(chart.getByRole('button', { name: 'Load live chart' })).toHaveCount(0);
    await expectExternal(page.getByTestId('chart-fallback-link'), /^https:\/\/dexscreener\.com\//);
    // The only thing logged is the browser's own note of the unreachable host.
    expect(errors.filter((e) => !/Failed to load resource: net::/.test(e))).toEqual([]);
  });

  test('has the overview, trade and research links, utility, exchanges, wallet guide, ledger benefits and community link', async ({ page }) => {
    await page.goto('/haic-token');
    for (const name of ['Overview', 'Trade and research', 'Price chart', 'What HAIC is for', 'Exchanges', 'Get a wallet: Xaman', 'Why the XRP Ledger']) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(main(page)).toContainText('30 billion');
    await expectExternal(page.getByRole('link', { name: 'Market data on DEX Screener' }), /^https:\/\/dexscreener\.com\//);
    await expectExternal(page.getByRole('link', { name: 'Token explorer on XRPScan' }), /^https:\/\/xrpscan\.com\//);
    await expect(page.getByRole('heading', { level: 3, name: 'Game rewards' })).toBeVisible();
    await expect(page.getByTestId('exchange-links').getByRole('link')).toHaveCount(6);

    const steps = page.locator('#wallet ol > li');
    await expect(steps).toHaveCount(5);
    await expect(steps.first()).toContainText('Download Xaman');
    await expectExternal(page.getByRole('link', { name: 'App Store' }), /^https:\/\/apps\.apple\.com\//);
    await expectExternal(page.getByRole('link', { name: 'Google Play' }), /^https:\/\/play\.google\.com\//);

    const claims = page.getByTestId('ledger-claims');
    await expect(claims).toContainText('3-5 seconds');
    await expect(claims).toContainText('1,500+');
    await expect(claims).toContainText('Under $0.01');
    await expectExternal(page.getByRole('link', { name: 'Join the HAIC community' }), 'https://t.me/HAICtoken');
  });
});

test('about HAIC: mission, vision, features, mascot, the Sacramento company and a contact link', async ({ page }) => {
  await page.goto('/about-haic');
  await expect(page).toHaveTitle('About HAIC - HAIC');
  for (const name of ['Our mission', 'Our vision', 'What we are building', 'Meet our mascot', 'Company information']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const mascot = page.getByRole('img', { name: /mascot/ });
  await mascot.scrollIntoViewIfNeeded();
  await expect(mascot).toBeVisible();
  // The project's own picture, loaded lazily once it comes into view.
  await expect(mascot).toHaveAttribute('src', '/media/mascot.svg');
  await expect.poll(() => mascot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const company = page.getByTestId('company-info');
  await expect(company).toContainText('Sacramento, CA');
  await expect(company).toContainText('9:00 am-5:00 pm PST');
  await expect(company).toContainText('Founded');
  await expect(company).toContainText('2025');
  await company.getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL('/contact');
});

test('team: four core members with titles, three advisory groups, the mascot and the chat link', async ({ page }) => {
  await page.goto('/team');
  await expect(page).toHaveTitle('Meet the Team - HAIC');
  const core = page.getByTestId('core-team').locator(':scope > li');
  await expect(core).toHaveCount(4);
  await expect(core.getByRole('heading', { level: 3 })).toHaveCount(4);
  await expect(core.first()).toContainText('Founder and Chief Executive Officer');
  const groups = page.getByTestId('advisory-group');
  await expect(groups).toHaveCount(3);
  await expect(groups.getByRole('heading', { level: 3 })).toHaveText(['Medical advisors', 'Technology and blockchain advisors', 'Business and legal advisors']);
  await expect(page.getByRole('heading', { level: 2, name: 'And our mascot' })).toBeVisible();
  await expectExternal(page.getByRole('link', { name: 'Join the community chat' }), 'https://t.me/HAICtoken');
});

test('whitepaper: supply, symbol, ledger, the four allocations, the 0.5% rule, the roadmap and the token link', async ({ page }) => {
  await page.goto('/whitepaper');
  await expect(page).toHaveTitle('Whitepaper - HAIC');
  const facts = page.getByTestId('token-facts');
  await expect(facts).toContainText('30 billion');
  await expect(facts).toContainText('HAIC');
  await expect(facts).toContainText('XRP Ledger');

  const rows = page.getByTestId('allocation-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const expected = [
    ['Liquidity pool', '11B', '36.7%'],
    ['Community', '14B', '46.6%'],
    ['Future projects reserve', '4B', '13.3%'],
    ['Social media and advertising', '1B', '3.3%'],
  ];
  for (const [i, [name, amount, percent]] of expected.entries()) {
    await expect(rows.nth(i).locator('th, td').nth(0)).toHaveText(name);
    await expect(rows.nth(i).locator('td').nth(0)).toHaveText(amount);
    await expect(rows.nth(i).locator('td').nth(1)).toHaveText(percent);
  }
  // The chart says the same to assistive technology.
  const chart = page.getByRole('img', { name: 'HAIC token allocation' });
  await expect(chart).toBeVisible();
  await expect(chart.locator('desc')).toHaveText(
    'Of 30 billion HAIC: Liquidity pool 11B (36.7%), Community 14B (46.6%), Future projects reserve 4B (13.3%), Social media and advertising 1B (3.3%).',
  );

  await expect(page.getByTestId('reserve-rule')).toContainText('released 0.5% at a time when liquidity allows');
  const roadmap = page.getByTestId('roadmap').locator(':scope > li');
  await expect(roadmap.first()).toContainText('Q2 2025');
  await expect(roadmap.last()).toContainText('Q1 2026');

  await page.getByRole('link', { name: 'HAIC Token page' }).click();
  await expect(page).toHaveURL('/haic-token');
});

test('medical professionals: the Nurse Help Me pitch with buttons to contact and the whitepaper', async ({ page }) => {
  await page.goto('/medical-professionals');
  await expect(page).toHaveTitle('Medical Professionals - HAIC');
  await expect(main(page)).toContainText('Nurse Help Me');
  await expect(main(page).getByRole('link', { name: 'Read the Whitepaper' })).toHaveAttribute('href', '/whitepaper');
  await main(page).getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL('/contact');
});

test('NFT art: the origins collection expected Q4 2025 on the XRP Ledger, with a video and links', async ({ page }) => {
  await page.goto('/nft-art');
  await expect(page).toHaveTitle('NFT Art - HAIC');
  await expect(main(page)).toContainText('Q4 2025');
  await expect(main(page)).toContainText('XRP Ledger');
  const video = page.getByTestId('nft-video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('poster', '/media/nft-poster.webp');
  await expectExternal(main(page).getByRole('link', { name: 'Join on Telegram' }), 'https://t.me/HAICtoken');
  await expectExternal(main(page).getByRole('link', { name: 'Follow on X' }), 'https://x.com/HAICtoken');
  await main(page).getByRole('link', { name: 'contact us' }).click();
  await expect(page).toHaveURL('/contact');
});

test('disclaimer: the five topics and a contact link', async ({ page }) => {
  await page.goto('/disclaimer');
  await expect(page).toHaveTitle('Disclaimer - HAIC');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
    'Independent initiative',
    'No financial or medical advice',
    'Risk',
    'Accuracy',
    'External links',
  ]);
  await main(page).getByRole('link', { name: 'contact us' }).click();
  await expect(page).toHaveURL('/contact');
});

test('the placeholders keep their texts', async ({ page }) => {
  const texts: Array<[string, string]> = [
    ['/games', 'Web games and integrations will appear here.'],
    ['/about', 'More about the HAIC project will appear here soon.'],
    ['/images', 'Images from the HAIC community will appear here soon.'],
  ];
  for (const [route, text] of texts) {
    await page.goto(route);
    await expect(main(page).getByText(text)).toBeVisible();
  }
  // The leaderboard is a real board now: its placeholder sentence is gone.
  await page.goto('/leaderboard');
  await expect(main(page).getByRole('tab', { name: 'All Time' })).toBeVisible();
  await expect(main(page).getByText('Leaderboard and stats will appear here.')).toHaveCount(0);
});

const OWNED_PAGES = [
  '/',
  '/haic-token',
  '/about-haic',
  '/team',
  '/whitepaper',
  '/medical-professionals',
  '/nft-art',
  '/disclaimer',
  '/games',
  '/leaderboard',
  '/about',
  '/images',
];

for (const width of [1280, 375]) {
  test.describe(`at ${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const route of OWNED_PAGES) {
      test(`${route} logs no errors and fits the width`, async ({ page }) => {
        const errors = collectErrors(page);
        await page.goto(route);
        await expect(page.locator('h1')).toHaveCount(1);
        await expect(page).toHaveTitle(/ - HAIC$/);
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        fs.mkdirSync(SHOTS_DIR, { recursive: true });
        const name = route === '/' ? 'home' : route.slice(1);
        await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${width}.png`), fullPage: true });
        expect(errors).toEqual([]);
      });
    }
  });
}
