import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './fixtures/hydration';

// Each test stands alone (its own page, nothing shared): spread over the workers, so no worker is left with a
// long file at the end of the run.
test.describe.configure({ mode: 'parallel' });

// Server rendering: every route hydrates without a mismatch, and the blog and news pages arrive
// with their cards (no request from the browser is needed to show them).

const NEWEST_SLUG = 'nurse-help-me-ai-assistant-gives-nurses-time-back';

const ROUTES = [
  '/',
  '/blog',
  `/blog/${NEWEST_SLUG}`,
  '/games',
  '/games/nurse-help-me',
  '/haic-token',
  '/nft-art',
  '/leaderboard',
  '/about',
  '/about-haic',
  '/team',
  '/whitepaper',
  '/medical-professionals',
  '/news',
  '/images',
  '/contact',
  '/disclaimer',
  '/login',
  '/register',
  '/signin',
  '/profile',
  '/profile/edit',
  '/profile/game-history',
  '/admin',
  '/admin/news',
  '/admin/blog',
  '/no-such-page',
  '/blog/no-such-post',
];

/** Console errors and warnings (React reports a hydration mismatch there) and page errors. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    // The 404 pages' own status shows as a failed resource load.
    if (/status of 404/.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('every route hydrates the server HTML without a warning', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  for (const route of ROUTES) {
    const response = await page.goto(route);
    expect(response?.status(), route).toBe(route.startsWith('/no-such') || route.includes('no-such-post') ? 404 : 200);
    // The server sent the page, not an empty shell.
    expect(await response?.text(), route).toMatch(/<div id="root"><div/);
    await hydrated(page);
    expect(problems, route).toEqual([]);
  }
});

test('a signed-in visitor hydrates too, then sees their account', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('userAuthToken', 'token');
    localStorage.setItem('currentWebUser', JSON.stringify({ id: 1, username: 'nurse_kim', email: 'kim@example.com', createdDate: '2026-01-01' }));
  });
  await page.goto('/blog');
  await hydrated(page);
  await expect(page.getByRole('button', { name: /nurse_kim/ })).toBeVisible();
  await page.goto('/signin');
  await expect(page).toHaveURL('/profile');
  // The made-up token gets 401s from the profile's own calls (logged by the page): only hydration counts here.
  expect(problems.filter((p) => /React error|hydrat/i.test(p))).toEqual([]);
});

test.describe('cards arrive with the page', () => {
  test('the blog shows its ten cards with no request for them from the browser', async ({ page }) => {
    const asked: string[] = [];
    await page.route('**/graphql**', (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    await page.route('**/api/blog**', (route) => {
      asked.push(route.request().url());
      return route.abort();
    });
    await page.goto('/blog');
    await hydrated(page);
    await expect(page.locator('main article')).toHaveCount(10);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The list's first picture is the largest paint: loaded at once, first.
    await expect(page.locator('main article img').first()).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('main article img').first()).toHaveAttribute('loading', 'eager');
    await expect(page.locator('main article img').nth(1)).toHaveAttribute('loading', 'lazy');
    await expect(page.getByRole('link', { name: /^Read more about / }).first()).toBeVisible();
    expect(asked).toEqual([]);
  });

  test('a post shows its title, author, date and body with no request from the browser', async ({ page }) => {
    let asked = 0;
    await page.route('**/graphql**', (route) => {
      asked += 1;
      return route.abort();
    });
    await page.goto(`/blog/${NEWEST_SLUG}`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back');
    await expect(page.getByRole('heading', { level: 2, name: 'Where we are starting' })).toBeVisible();
    await expect(page.locator('main article img')).toHaveAttribute('fetchpriority', 'high');
    expect(asked).toBe(0);
  });

  test('the news page shows its cards with no request for them from the browser', async ({ page }) => {
    let asked = 0;
    await page.route('**/api/news/aggregate', (route) => {
      asked += 1;
      return route.abort();
    });
    await page.goto('/news');
    await hydrated(page);
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByText('Using cached news data. Live updates will be available soon.')).toHaveCount(0);
    expect(asked).toBe(0);
  });

  test('without JavaScript the cards are there too', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/blog');
    await expect(page.locator('main article')).toHaveCount(10);
    await page.goto('/news');
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(12);
    await context.close();
  });
});

test.describe('the server page looks as the browser draws it', () => {
  // Pages whose layout depends on the order of several components' styles.
  const STYLED_ROUTES = ['/', '/nft-art', '/haic-token', '/blog', '/contact', '/games/nurse-help-me'];

  /** Where the page's heading and its main sections sit. */
  const layoutOf = (page: Page) =>
    page.evaluate(() =>
      [document.querySelector('main h1'), ...document.querySelectorAll('main > section, main > div')].map((element) => {
        const box = element?.getBoundingClientRect();
        return box ? [Math.round(box.left), Math.round(box.top), Math.round(box.width), Math.round(box.height)] : null;
      }),
    );

  test('on a phone, without JavaScript, each page is laid out as after a visit from another page', async ({ browser }) => {
    const viewport = { width: 412, height: 823 };
    const serverOnly = await browser.newContext({ javaScriptEnabled: false, viewport });
    const app = await browser.newContext({ viewport });
    const staticPage = await serverOnly.newPage();
    const appPage = await app.newPage();
    await appPage.goto('/disclaimer');
    await hydrated(appPage);
    for (const route of STYLED_ROUTES) {
      await staticPage.goto(route);
      // The page's styles come with its HTML: none waits on another request.
      expect(await staticPage.locator('link[rel="stylesheet"]:not([disabled])').count(), route).toBe(0);
      // The site's own navigation loads the page's chunk and its styles in the browser.
      await appPage.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      // Once its data has come, the page settles where the server drew it.
      const serverLayout = await layoutOf(staticPage);
      await expect.poll(() => layoutOf(appPage), { message: route, timeout: 15_000 }).toEqual(serverLayout);
    }
    // The home page's text sits over its video across the whole width, not beside it.
    await staticPage.goto('/');
    const heading = await staticPage.locator('#home-title').boundingBox();
    expect(heading?.x).toBeLessThan(40);
    await serverOnly.close();
    await app.close();
  });
});

/** Holds the site's entry script back: until it is released, the page is the server's HTML alone. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('what a visitor does before the scripts arrive is kept when they do', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Name' }).fill('Early Visitor');
  await page.getByRole('textbox', { name: 'Message' }).fill('Typed before the page came alive.');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  release();
  await hydrated(page);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Early Visitor');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Typed before the page came alive.');
  // The page the browser loaded stays where the visitor scrolled it.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  // And the form knows the text is there: its rules run on it.
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Email').blur();
  await expect(page.getByText(/valid email/i)).toBeVisible();
});

test('a remember-me tick given before the scripts arrive is kept', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/signin', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('early_nurse');
  await page.getByLabel('Remember me').check();
  release();
  await hydrated(page);
  await expect(page.getByLabel('Username')).toHaveValue('early_nurse');
  await expect(page.getByLabel('Remember me')).toBeChecked();
});

test('before the scripts arrive the menus still lead somewhere, and open as menus once they do', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  // A wide screen: hovering a group shows its links, and a link works.
  const group = page.getByTestId('nav-digital-assets');
  const toggle = group.getByRole('button', { name: 'Digital Assets' });
  // Its toggle says it cannot act yet, rather than swallowing a click.
  await expect(toggle).toBeDisabled();
  await toggle.hover();
  await expect(group.getByRole('link', { name: 'HAIC Token' })).toBeVisible();
  await page.mouse.move(600, 600);
  await expect(group.getByRole('link', { name: 'HAIC Token' })).toBeHidden();

  // A phone: the menu icon leads to the footer, which lists every page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Site links' }).click();
  await expect(page).toHaveURL(/#site-footer$/);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Meet the Team' })).toBeInViewport();

  release();
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole('link', { name: 'Site links' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeEnabled();
});
