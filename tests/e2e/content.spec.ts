import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './fixtures/axe';

// Seeded content (seed/src/blog.ts, seed/src/news.ts): 13 published posts dated 0, 1, 3, 6, 10, 17, 25,
// 40, 65, 95, 130, 170 and 210 days before seeding; 14 active news items across all categories.
const NEWEST_POST = 'Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back';
const NEWEST_SLUG = 'nurse-help-me-ai-assistant-gives-nurses-time-back';
const OLDEST_POST = 'Introducing HAIC: A Utility Token for Healthcare AI';

const cards = (page: Page) => page.locator('main article');
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/**
 * Opens a path the way a link inside the app does (a client-side navigation, after the first
 * page was server-rendered): the page then loads its data from the browser.
 */
async function openInApp(page: Page, path: string) {
  await page.goto('/games');
  // Navigate once React has taken over the server's HTML (before that, the URL must stay).
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Collects console errors and uncaught page errors while a page is used. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// Tagged: these read the seeded posts' order, and start with the scheduled-publishing test (playwright.config.ts).
test.describe('blog', { tag: '@seeded-blog' }, () => {
  test('shows the newest ten posts as cards with author, relative time and Read more', async ({ page }) => {
    await page.goto('/blog');
    await expect(cards(page)).toHaveCount(10);
    await expect(cards(page).first().getByRole('heading', { level: 2 })).toHaveText(NEWEST_POST);

    const newest = card(page, NEWEST_POST);
    await expect(newest.getByText('By HAIC Team')).toBeVisible();
    await expect(newest.locator('img')).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
    await expect(newest.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', `/blog/${NEWEST_SLUG}`);

    // Relative dates: Today, Yesterday, N days (< 7), N weeks (< 30 days), N months (30-day months).
    const times: Array<[string, string]> = [
      [NEWEST_POST, 'Today'],
      ['Why HAIC Runs on the XRP Ledger', 'Yesterday'],
      ['Keeping Patient Data Private in AI-Assisted Care', '3 days ago'],
      ['From Pilot to Practice: How We Evaluate Clinical AI Tools', '1 week ago'],
      ['HAIC Tokenomics Explained: 30 Billion Tokens and Where They Go', '2 weeks ago'],
      ['Playing With Purpose: The Story Behind the Nurse Help Me Game', '1 month ago'],
      ['AI Triage Tools: Promise, Pitfalls and What the Evidence Says', '2 months ago'],
    ];
    for (const [title, relative] of times) {
      await expect(card(page, title).locator('time')).toHaveText(relative);
    }

    // Newest first throughout the page.
    const dates = await cards(page)
      .locator('time')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime') ?? ''));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('Load More appends the next page', async ({ page }) => {
    await page.goto('/blog');
    await expect(cards(page)).toHaveCount(10);
    await expect(card(page, OLDEST_POST)).toHaveCount(0);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect(card(page, OLDEST_POST)).toBeVisible();
    const count = await cards(page).count();
    expect(count).toBeGreaterThanOrEqual(13);
    await expect(cards(page).first().getByRole('heading', { level: 2 })).toHaveText(NEWEST_POST);
    await expect(cards(page).last().getByRole('heading', { level: 2 })).toHaveText(OLDEST_POST);
    // The second page held fewer than 10 posts: the button goes away.
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  });

  test('Load More is hidden while fewer posts than a page are loaded', async ({ page }) => {
    await page.route('**/graphql**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.blogPosts = body.data.blogPosts.slice(0, 4);
      await route.fulfill({ response, json: body });
    });
    await openInApp(page, '/blog');
    await expect(cards(page)).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  });

  test('opens a post from its card', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/blog');
    await card(page, NEWEST_POST).getByRole('link', { name: 'Read more' }).click();
    await expect(page).toHaveURL(`/blog/${NEWEST_SLUG}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEWEST_POST);
    await expect(page).toHaveTitle(`${NEWEST_POST} - HAIC`);
    await expect(page.getByText('By HAIC Team')).toBeVisible();
    await expect(page.locator('main article time')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(page.locator('main article img')).toHaveAttribute('src', /\/uploads\/.+\.webp$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Where we are starting' })).toBeVisible();
    await expect(page.getByText('Every suggestion is a draft.', { exact: false })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Shift hand-off summaries' })).toBeVisible();
    await page.getByRole('link', { name: '← Back to blog' }).first().click();
    await expect(page).toHaveURL('/blog');
    await expect(cards(page).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown slug shows the not-found state', async ({ page }) => {
    await page.goto('/blog/no-such-post-anywhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Post not found');
    await expect(page).toHaveTitle('Post Not Found - HAIC');
    await expect(page.getByRole('link', { name: '← Back to blog' })).toHaveAttribute('href', '/blog');
  });

  test('a load failure shows the error box and three sample posts', async ({ page }) => {
    await page.route('**/graphql**', (route) => route.abort());
    await openInApp(page, '/blog');
    await expect(page.getByRole('alert')).toHaveText('Unable to load blog posts. Please try again later.');
    await expect(cards(page)).toHaveCount(3);
    await expect(cards(page).first().getByRole('link', { name: 'Read more' })).toBeVisible();
  });

  test('an empty blog says so', async ({ page }) => {
    await page.route('**/graphql**', (route) => route.fulfill({ json: { data: { blogPosts: [] } } }));
    await openInApp(page, '/blog');
    await expect(page.getByText('No blog posts available yet.')).toBeVisible();
    await expect(page.getByText('Check back soon for updates!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  });

  test('a post without an image shows the placeholder icon', async ({ page }) => {
    await page.route('**/graphql**', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.blogPosts[0].featuredImage = null;
      await route.fulfill({ response, json: body });
    });
    await openInApp(page, '/blog');
    await expect(cards(page).first().getByTestId('blog-placeholder')).toBeVisible();
    await expect(cards(page).first().locator('img')).toHaveCount(0);
  });
});

test.describe('news', () => {
  test('lists news cards with source, relative time and a new-tab link', async ({ page }) => {
    await page.goto('/news');
    await expect(cards(page).first()).toBeVisible();
    expect(await cards(page).count()).toBeGreaterThanOrEqual(12);
    const first = card(page, 'Hospitals expand pilots of AI documentation assistants');
    await expect(first.locator('time')).toHaveText(/^\d+ minutes? ago$/);
    await expect(first.getByText('HAIC Health Desk')).toBeVisible();
    await expect(first.locator('img')).toBeVisible();
    await expect(card(page, 'Nurse staffing remains the top concern in new workforce survey').locator('time')).toHaveText(/^\d+ hours? ago$/);
    await expect(card(page, 'Regulators publish guidance on AI-enabled medical software').locator('time')).toHaveText('1 day ago');
    const link = first.getByRole('link', { name: /Read full article/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('href', 'https://haictoken.com/news/hospitals-expand-ai-documentation-pilots');
    // Items without an image get their category icon; 'other' gets the generic one.
    await expect(card(page, 'Digital health funding steadies after two volatile years').locator('[data-icon="finance"]')).toBeVisible();
    await expect(card(page, 'HAIC community passes a new membership milestone').locator('[data-icon="generic"]')).toBeVisible();
  });

  test('category buttons filter the server-rendered list without a request', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/news/aggregate')) calls += 1;
    });
    await page.goto('/news');
    await expect(cards(page).first()).toBeVisible();
    const all = await cards(page).count();
    for (const category of ['health', 'finance', 'crypto']) {
      const label = category[0].toUpperCase() + category.slice(1);
      await page.getByRole('button', { name: label, exact: true }).click();
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');
      const count = await cards(page).count();
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(all);
      const badges = await cards(page)
        .locator('span')
        .filter({ hasText: /^(health|finance|crypto|other)$/ })
        .allTextContents();
      expect(new Set(badges)).toEqual(new Set([category]));
    }
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(cards(page)).toHaveCount(all);
    // The list came in the page: the browser never asked for it.
    expect(calls).toBe(0);
  });

  test('Refresh loads the list again', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/news/aggregate', async (route) => {
      calls += 1;
      return route.fulfill({
        json: [
          {
            id: 'fresh',
            title: 'A freshly fetched headline',
            description: 'From the second load.',
            url: 'https://haictoken.com/news/fresh',
            source: 'HAIC',
            category: 'health',
            publishedAt: new Date().toISOString(),
            isActive: true,
          },
        ],
      });
    });
    await page.goto('/news');
    await expect(card(page, 'Hospitals expand pilots of AI documentation assistants')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(card(page, 'A freshly fetched headline')).toBeVisible();
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, 'A freshly fetched headline').locator('time')).toHaveText('0 minutes ago');
    expect(calls).toBe(1);
  });

  test('a failure shows sample news, the cached-data note and Try Again', async ({ page }) => {
    const errors = watchErrors(page);
    await page.route('**/api/news/aggregate', (route) => route.abort());
    await openInApp(page, '/news');
    await expect(page.getByText('Using cached news data. Live updates will be available soon.')).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await page.unroute('**/api/news/aggregate');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(card(page, 'Hospitals expand pilots of AI documentation assistants')).toBeVisible();
    await expect(page.getByText('Using cached news data. Live updates will be available soon.')).toHaveCount(0);
    expect(errors.filter((e) => !e.includes('net::ERR_FAILED'))).toEqual([]);
  });
});

test.describe('contact', () => {
  const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

  async function touch(page: Page, label: string, value: string) {
    await field(page, label).fill(value);
    await field(page, label).blur();
  }

  async function fillValid(page: Page) {
    await touch(page, 'Name', 'Jane Doe');
    await touch(page, 'Email', 'jane@example.com');
    await touch(page, 'Subject', 'Partnership enquiry');
    await touch(page, 'Message', 'We would like to talk about a pilot with our clinic.');
  }

  test('shows the contact details, hours and NDA note', async ({ page }) => {
    await page.goto('/contact');
    await expect(page).toHaveTitle('Contact - HAIC');
    await expect(page.getByText('Sacramento, CA')).toBeVisible();
    await expect(page.getByText('Monday - Friday')).toBeVisible();
    await expect(page.getByText('9:00 - 17:00 PST')).toBeVisible();
    await expect(page.getByText('Closed')).toBeVisible();
    await expect(page.getByText(/24\/7 support/)).toBeVisible();
    await expect(page.getByText(/under NDA/)).toBeVisible();
    for (const name of ['Telegram chat group', 'HAIC on X']) {
      const link = page.getByRole('main').getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('shows each rule once the field is touched, with the button disabled until valid', async ({ page }) => {
    await page.goto('/contact');
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(send).toBeDisabled();
    await expect(page.getByText('Name is required')).toHaveCount(0);

    const rules: Array<[string, string, string]> = [
      ['Name', '', 'Name is required'],
      ['Name', 'J', 'Name is too short'],
      ['Email', '', 'Email is required'],
      ['Email', 'jane@example', 'Please enter a valid email address'],
      ['Subject', '', 'Subject is required'],
      ['Subject', 'Hi', 'Subject is too short'],
      ['Message', '', 'Message is required'],
      ['Message', 'Too short', 'Message is too short'],
    ];
    for (const [label, value, message] of rules) {
      await touch(page, label, value);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
      await expect(send).toBeDisabled();
    }
    await fillValid(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(send).toBeEnabled();
  });

  test('sends a message, shows the success text and resets the form', async ({ page }) => {
    await page.goto('/contact');
    await fillValid(page);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await request).postDataJSON()).toEqual({
      name: 'Jane Doe',
      email: 'jane@example.com',
      subject: 'Partnership enquiry',
      message: 'We would like to talk about a pilot with our clinic.',
    });
    await expect(page.getByText('Thank you! Your message has been sent successfully.')).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue('');
    await expect(field(page, 'Message')).toHaveValue('');
  });

  test('an unreachable server still shows the received text (status 0)', async ({ page }) => {
    await page.route('**/api/contact', (route) => route.abort());
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('We received your message successfully and will be in contact!')).toBeVisible();
  });

  test("shows the server's message, else the fallback", async ({ page }) => {
    let calls = 0;
    await page.route('**/api/contact', (route) => {
      calls += 1;
      return calls === 1
        ? route.fulfill({ status: 400, json: { data: null, error: { status: 400, name: 'ValidationError', message: 'Subject is too short', details: {} } } })
        : route.fulfill({ status: 500, body: '' });
    });
    await page.goto('/contact');
    await fillValid(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Subject is too short');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to send message. Please try again later.');
    await expect(field(page, 'Name')).toHaveValue('Jane Doe');
  });
});

test.describe('quality', () => {
  for (const route of ['/blog', `/blog/${NEWEST_SLUG}`, '/blog/no-such-post', '/news', '/contact']) {
    test(`no console errors on ${route}`, async ({ page }) => {
      const errors = watchErrors(page);
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      // An unknown post is a real 404: the browser notes the document's own status.
      const expected = route.includes('no-such-post') ? [expect.stringMatching(/status of 404/)] : [];
      expect(errors).toEqual(expected);
    });
  }

  test('a server-rendered /blog comes to life without Apollo Client, which loads as Load More comes near', async ({ page }) => {
    // Apollo Client's chunk is held back until released: the page must not need it to work.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const apolloRequested: string[] = [];
    await page.route('**/assets/apolloClient-*.js', async (route) => {
      apolloRequested.push(route.request().url());
      await released;
      await route.continue();
    });
    // The blog's reads are GETs (shareable by caches): each names its operation and variables in the URL.
    const graphql: { method: string; operationName: string | null; variables: unknown }[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/graphql') return;
      const variables = url.searchParams.get('variables');
      graphql.push({ method: request.method(), operationName: url.searchParams.get('operationName'), variables: variables && JSON.parse(variables) });
    });

    // A phone: ten cards stacked, Load More far below the first screen.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/blog');
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));
    await expect(cards(page)).toHaveCount(10);
    await page.waitForLoadState('networkidle');
    // Hydrated from the page itself: no GraphQL read, no Apollo Client.
    expect(graphql).toEqual([]);
    expect(apolloRequested).toEqual([]);

    const loadMore = page.getByRole('button', { name: 'Load More' });
    await loadMore.scrollIntoViewIfNeeded();
    await expect.poll(() => apolloRequested.length).toBe(1);
    await loadMore.click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();
    await expect(card(page, OLDEST_POST)).toBeVisible();
    expect(apolloRequested).toHaveLength(1);
    expect(graphql).toHaveLength(1);
    expect(graphql[0]).toEqual({ method: 'GET', operationName: 'BlogPosts', variables: { page: 2, pageSize: 10 } });
  });

  test('the home page does not load Apollo Client', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((source) => source.includes('InMemoryCache'))).toBe(false);

    await page.goto('/blog');
    await expect(cards(page).first()).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const route of ['/blog', `/blog/${NEWEST_SLUG}`, '/news', '/contact']) {
    test(`the content of ${route} has no axe violations`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0);
      expect(await axeViolations(page, { include: 'main' })).toEqual([]);
    });
  }
});
