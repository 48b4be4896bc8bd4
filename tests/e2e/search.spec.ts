/**
 * Site search in the browser: the header's box (the / key, results as one types on a desktop, Enter for the
 * page, a link on a phone) and the /search page (results in the server's HTML, its title naming the query,
 * noindex and out of the sitemap, hydrated without a warning, no axe violation at 1280 and 375 px).
 */
import { expect, test, type Page } from '@playwright/test';
import { WCAG_22_AA, axeViolations } from './fixtures/axe';
import { hydrated } from './fixtures/hydration';

const NEWEST_POST = 'Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back';

test.describe.configure({ mode: 'parallel' });

/** The queries the page sends to GET /api/search, as they leave the browser. */
function searchRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/search') asked.push(url.searchParams.get('q') ?? '');
  });
  return asked;
}

test('the / key focuses the header search; typing shows the first results once typing pauses; Enter opens the search page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const asked = searchRequests(page);
  await page.goto('/news');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');

  // Typed at a person's pace: one request, for the words typed when the typing paused.
  await page.keyboard.type('xrp ledger', { delay: 40 });
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('link', { name: /Why HAIC Runs on the XRP Ledger/ })).toBeVisible();
  await expect(results.locator('mark').first()).toBeVisible();
  expect(asked).toEqual(['xrp ledger']);

  // The arrow keys walk into the results; Escape goes back to the box.
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toBeFocused();

  // A typo is forgiven.
  await box.fill('ledgr');
  await expect(results.getByRole('link', { name: /Why HAIC Runs on the XRP Ledger/ })).toBeVisible();

  await box.fill('nurse');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=nurse');
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('link', { name: NEWEST_POST })).toBeVisible();
  await expect(results).toBeHidden();
  await expect(page).toHaveTitle('Search: nurse - HAIC');
});

test('/ does not take a key typed into another field', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contact');
  await hydrated(page);
  const name = page.getByLabel('Name', { exact: false }).first();
  await name.click();
  await page.keyboard.type('a/b');
  await expect(name).toHaveValue('a/b');
  await expect(page.getByRole('searchbox', { name: 'Search the site' })).not.toBeFocused();
});

test('on a phone the header links to the search page and asks for nothing as one types', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const asked = searchRequests(page);
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('searchbox', { name: 'Search the site' })).toBeHidden();
  await page.getByRole('link', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL('/search');
  const box = page.getByRole('searchbox', { name: 'Search posts, news and players' });
  await box.fill('tokenomics');
  await box.press('Enter');
  await expect(page.getByRole('link', { name: 'HAIC Tokenomics Explained: 30 Billion Tokens and Where They Go' })).toBeVisible();
  expect(asked).toEqual(['tokenomics']);
});

test("the search page's HTML from the server lists the results; its title names the query; noindex; in no sitemap", async ({ request }) => {
  const response = await request.get('/search?q=nurse&type=blog', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Search: nurse - HAIC</title>');
  expect(html).toContain('<meta name="robots" content="noindex" />');
  expect(html).toContain(`>${NEWEST_POST}</a>`);
  expect(html).toMatch(/<mark>[Nn]urses?<\/mark>/);
  expect(html).toMatch(/6 results for “nurse” in blog/);
  // The page's data came with it: nothing is asked again while it hydrates.
  expect(html).toContain('"search":{"key"');
  const pages = await (await request.get('/sitemap-pages.xml')).text();
  expect(pages).toContain('/blog</loc>');
  expect(pages).not.toContain('/search');
});

test('the search page hydrates without a warning and asks nothing; its filters and pages work', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  const asked = searchRequests(page);
  await page.goto('/search?q=nurse');
  await hydrated(page);
  expect(problems).toEqual([]);
  expect(asked).toEqual([]);
  await page.getByRole('navigation', { name: 'Result types' }).getByRole('link', { name: 'News' }).click();
  await expect(page).toHaveURL('/search?q=nurse&type=news');
  await expect(page.getByRole('status')).toHaveText('5 results for “nurse” in news');
  await expect(page.locator('main li p span').first()).toHaveText('News');
});

for (const width of [1280, 375]) {
  test(`no axe violation on the search page with results, and on its empty state, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const url of ['/search?q=nurse', '/search?q=zzqxw', '/search']) {
      await page.goto(url);
      await hydrated(page);
      expect((await axeViolations(page, { tags: WCAG_22_AA })).map((violation) => `${url}: ${violation}`)).toEqual([]);
    }
    if (width === 1280) {
      // The header's results, open.
      await page.keyboard.press('/');
      await page.keyboard.type('ledger');
      await expect(page.getByRole('region', { name: 'Search results' }).getByRole('link').first()).toBeVisible();
      expect(await axeViolations(page, { tags: WCAG_22_AA })).toEqual([]);
    }
  });
}
