import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_EDITOR } from './env.mjs';
import { OWN_CONNECTION } from './fixtures/http';
import { saveInPanel, signInToPanel } from './fixtures/panel';

const AUTH_KEYS = ['authToken', 'currentUser', 'userAuthToken', 'currentWebUser'];
const PANEL = '/cms/content-manager/collection-types';

// Lower-case suffix: Strapi's slugify splits a digit followed by a capital ('E2E' -> 'e2-e').
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const storageItems = (page: Page) => page.evaluate((keys) => keys.map((key) => localStorage.getItem(key)), AUTH_KEYS);

const usernameField = (page: Page) => page.getByLabel('Username');
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await usernameField(page).fill(E2E_ADMIN.username);
  await passwordField(page).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');
}

test.describe('admin login (/login)', () => {
  test('shows the notes and a link home, and the validation messages once a field is touched', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Admin Login - HAIC');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect(page.getByText(/restricted to authorized administrators only/)).toBeVisible();
    await expect(page.getByText(/All activities are logged for security purposes/)).toBeVisible();

    await expect(page.getByText('Username is required')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();
    await usernameField(page).focus();
    await usernameField(page).blur();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);

    await passwordField(page).fill('12345');
    await passwordField(page).blur();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();

    await usernameField(page).fill('someone');
    await passwordField(page).fill('123456');
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    await page.getByRole('link', { name: /Back to Home/ }).click();
    await expect(page).toHaveURL('/');
  });

  test('a wrong password shows the server message and stores nothing', async ({ page }) => {
    await page.goto('/login');
    await usernameField(page).fill(E2E_ADMIN.username);
    await passwordField(page).fill('NotThePassword1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL('/login');
    expect(await storageItems(page)).toEqual([null, null, null, null]);
  });

  test("says 'API not available' when the API answers 404 or cannot be reached", async ({ page }) => {
    await page.goto('/login');
    await usernameField(page).fill(E2E_ADMIN.username);
    await passwordField(page).fill(E2E_ADMIN.password);

    await page.route('**/api/admin/login', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"message":"Not Found"}}' }),
    );
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('API not available');

    await page.unroute('**/api/admin/login');
    await page.route('**/api/admin/login', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('API not available');
    await expect(page).toHaveURL('/login');
  });

  test('an admin signs in, lands on /admin, and is sent from /login straight back to /admin', async ({ page }) => {
    await signInAsAdmin(page);
    const [token, currentUser] = await storageItems(page);
    expect(token).toBeTruthy();
    expect(JSON.parse(currentUser!)).toEqual({ id: '0', email: E2E_ADMIN.username, name: E2E_ADMIN.username, role: 'Admin' });

    await page.goto('/login');
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  });
});

test.describe('admin guard', () => {
  test('sends a logged-out visitor to /login', async ({ page }) => {
    for (const route of ['/admin', '/admin/news', '/admin/blog']) {
      await page.goto(route);
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    }
  });

  test('sends a logged-in web user (not an admin) to /login', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('userAuthToken', 'a-web-user-token');
      localStorage.setItem('currentWebUser', JSON.stringify({ id: 7, username: 'nurse', email: 'nurse@example.com', createdDate: '2026-01-01' }));
    });
    for (const route of ['/admin', '/admin/news', '/admin/blog']) {
      await page.goto(route);
      await expect(page).toHaveURL('/login');
    }
  });

  test('sends a stored user whose role is not Admin to /login', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('authToken', 'some-token');
      localStorage.setItem('currentUser', JSON.stringify({ id: '0', email: 'x', name: 'x', role: 'Editor' }));
    });
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('admin dashboard (/admin)', () => {
  test('welcomes the admin, shows the three stat cards with the sample figures, activity and quick actions', async ({ page }) => {
    await signInAsAdmin(page);
    await expect(page).toHaveTitle('Admin Dashboard - HAIC');
    await expect(page.getByText(`Welcome back, ${E2E_ADMIN.username}!`)).toBeVisible();

    const cards = page.getByRole('region', { name: 'Site statistics' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0)).toContainText(/Total News\s*12/);
    await expect(cards.nth(1)).toContainText(/Blog Posts\s*8/);
    await expect(cards.nth(2)).toContainText(/Total Users\s*3/);

    await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
    await expect(page.getByText('New news article added')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
    const create = page.getByRole('link', { name: /Create Blog Post/ });
    await expect(create).toHaveAttribute('href', `${PANEL}/api::blog-post.blog-post/create`);
    await expect(create).toHaveAttribute('target', '_blank');
  });

  test('the sidebar leads to the admin screens, the site, and the CMS panel in a new tab', async ({ page, context }) => {
    await signInAsAdmin(page);
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await sidebar.getByRole('link', { name: 'News Management' }).click();
    await expect(page).toHaveURL('/admin/news');
    await sidebar.getByRole('link', { name: 'Blog Management' }).click();
    await expect(page).toHaveURL('/admin/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/admin');

    const popupPromise = context.waitForEvent('page');
    await sidebar.getByRole('link', { name: /User Management/ }).click();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(/\/cms\//, { timeout: 30_000 });
    await popup.close();

    await sidebar.getByRole('link', { name: 'View Site' }).click();
    await expect(page).toHaveURL('/');
  });

  test('Logout clears every auth item and goes home', async ({ page }) => {
    await signInAsAdmin(page);
    await page.evaluate(() => {
      localStorage.setItem('userAuthToken', 'a-web-user-token');
      localStorage.setItem('currentWebUser', JSON.stringify({ id: 7, username: 'nurse', email: 'nurse@example.com', createdDate: '2026-01-01' }));
    });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    expect(await storageItems(page)).toEqual([null, null, null, null]);
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
  });
});

test.describe('news management (/admin/news)', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'News Management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'News Management' })).toBeVisible();
  });

  const bodyRows = (page: Page) => page.locator('tbody tr');

  test('shows the table with descriptions cut at 50 characters, and makes no API calls', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });
    await page.reload();
    await expect(page.getByRole('columnheader')).toHaveText(['Title', 'Source', 'Category', 'Date', 'Status', 'Actions']);
    await expect(bodyRows(page)).toHaveCount(4);

    const row = bodyRows(page).filter({ hasText: 'AI Triage Assistants Cut Emergency Wait Times' });
    const full = 'Hospitals piloting AI-driven triage report shorter waits and faster escalation of critical patients.';
    await expect(row).toContainText(`${full.slice(0, 50)}...`);
    await expect(row).not.toContainText(full);
    await expect(bodyRows(page).filter({ hasText: 'Nurses Share' })).toContainText('A short survey of the apps nurses rely on.');

    const add = page.getByRole('link', { name: /Add News Article/ });
    await expect(add).toHaveAttribute('href', `${PANEL}/api::news-item.news-item/create`);
    await expect(add).toHaveAttribute('target', '_blank');
    expect(apiCalls).toEqual([]);
  });

  test('toggles a row between Active and Inactive', async ({ page }) => {
    const row = bodyRows(page).filter({ hasText: 'AI Triage Assistants' });
    await row.getByRole('button', { name: 'Active' }).click();
    await expect(row.getByRole('button', { name: 'Inactive' })).toHaveAttribute('aria-pressed', 'false');
    await row.getByRole('button', { name: 'Inactive' }).click();
    await expect(row.getByRole('button', { name: 'Active' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('deletes a row only when the confirmation is accepted', async ({ page }) => {
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await bodyRows(page).filter({ hasText: 'AI Triage Assistants' }).getByRole('button', { name: 'Delete' }).click();
    await expect(bodyRows(page)).toHaveCount(4);

    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });
    await bodyRows(page).filter({ hasText: 'AI Triage Assistants' }).getByRole('button', { name: 'Delete' }).click();
    await expect(bodyRows(page)).toHaveCount(3);
    await expect(page.getByText('AI Triage Assistants')).toHaveCount(0);
    expect(messages).toEqual(['Are you sure you want to delete this news item?', 'Are you sure you want to delete this news item?']);
  });

  test("shows 'No news articles found.' once every row is deleted", async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    for (let remaining = 4; remaining > 0; remaining--) {
      await bodyRows(page).first().getByRole('button', { name: 'Delete' }).click();
      await expect(bodyRows(page)).toHaveCount(remaining - 1);
    }
    await expect(page.getByText('No news articles found.')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Editors in the real CMS panel (/cms). The panel is heavy: generous timeouts.
// ---------------------------------------------------------------------------------------------

/** A date as the panel's date field takes it, `daysAgo` days before today. */
const panelDay = (daysAgo = 0) => {
  const day = new Date(Date.now() - daysAgo * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(day.getMonth() + 1)}/${pad(day.getDate())}/${day.getFullYear()}`;
};
// The post is dated two days ago, behind the seeded newest posts (today, yesterday): the blog's other specs,
// running meanwhile, see the seeded ones first.
const POST_DAYS_AGO = 2;

// A 1x1 PNG, made here: no third-party media.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('editors in the CMS panel', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an editor creates and publishes a blog post with a featured image; the site shows it; unpublishing hides it', async ({ page, request }) => {
    page.setDefaultTimeout(45_000);
    const title = unique('Panel post');
    const slug = slugify(title);

    await signInToPanel(page);
    await page.goto(`${PANEL}/api::blog-post.blog-post/create`);
    await page.getByLabel('Title').fill(title);
    // Strapi 5 builds the slug from the title with the field's Regenerate button.
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Summary').fill('Written in the CMS panel by the browser tests.');
    await page.getByLabel('Author name').fill(`${E2E_EDITOR.firstname} ${E2E_EDITOR.lastname}`);
    const date = page.locator('input[name="publishedDate"]');
    await date.click();
    await date.fill(panelDay(POST_DAYS_AGO));
    await date.press('Enter');
    await expect(date).toHaveValue(panelDay(POST_DAYS_AGO));

    // Featured image: upload a new asset through the media library dialog (the first click may only
    // close the date picker's calendar).
    await expect(async () => {
      await page.getByText('Click to add an asset or drag and drop one in this area').click();
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add more assets' }).click();
    await page.locator('input[type=file]').first().setInputFiles({ name: 'e2e-cover.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload 1 asset to the library' }).click();
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByText('e2e-cover.png')).toBeVisible();

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published document')).toBeVisible();
    await expect(page).toHaveURL(/api::blog-post\.blog-post\/[a-z0-9]+/);
    const editUrl = page.url();

    // The list view shows the post with the configured columns.
    await page.goto(`${PANEL}/api::blog-post.blog-post`);
    await expect(page.locator('thead')).toContainText('Author name');
    await expect(page.locator('thead')).toContainText('Published date');
    await expect(page.locator('tr', { hasText: title })).toContainText('Published');

    // The site: in GET /api/blog's first page and on /blog, in its date's place, and at /blog/{slug}.
    const api = await request.get('/api/blog?page=1&pageSize=10', OWN_CONNECTION);
    expect(api.status()).toBe(200);
    const posts = (await api.json()) as Array<{ title: string; slug: string; publishedDate: string }>;
    const listed = posts.findIndex((post) => post.title === title);
    expect(posts[listed]).toMatchObject({ title, slug });
    expect(posts.slice(0, listed).every((post) => post.publishedDate >= posts[listed].publishedDate)).toBe(true);
    expect(posts.slice(listed + 1).every((post) => post.publishedDate < posts[listed].publishedDate)).toBe(true);

    const site = await page.context().newPage();
    await site.goto('/blog');
    const card = site.locator('article').filter({ has: site.getByRole('heading', { level: 2, name: title }) });
    await expect(card.locator('time')).toHaveText(`${POST_DAYS_AGO} days ago`);
    await site.goto(`/blog/${slug}`);
    await expect(site.getByRole('heading', { level: 1 })).toHaveText(title);

    // Unpublish in the panel: the post leaves the site.
    await page.goto(editUrl);
    await page.getByRole('button', { name: 'More document actions' }).click();
    await page.getByRole('menuitem', { name: 'Unpublish' }).click();
    await expect(page.getByText(/Unpublished document/)).toBeVisible();

    const after = (await (await request.get('/api/blog?page=1&pageSize=10', OWN_CONNECTION)).json()) as Array<{ title: string }>;
    expect(after.map((post) => post.title)).not.toContain(title);
    await site.goto('/blog');
    await expect(site.locator('article').first()).toBeVisible();
    await expect(site.getByRole('heading', { name: title })).toHaveCount(0);
    await site.goto(`/blog/${slug}`);
    await expect(site.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
  });

  test('a news item set inactive in the panel disappears from /news', async ({ page }) => {
    page.setDefaultTimeout(45_000);
    const title = unique('Panel news item');

    await signInToPanel(page);
    await page.goto(`${PANEL}/api::news-item.news-item/create`);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Article URL').fill(`https://example.com/e2e/${slugify(title)}`);
    await page.getByLabel('Source').fill('E2E Wire');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'health' }).click();
    const date = page.getByRole('combobox', { name: 'Choose date' });
    await date.click();
    await date.fill(panelDay());
    await date.press('Enter');
    const time = page.getByRole('combobox', { name: 'Choose time' });
    await time.click();
    await time.fill('08:00');
    await time.press('Enter');
    const active = page.locator('input[name="isActive"]');
    await expect(active).toBeChecked();
    await saveInPanel(page);
    await expect(page).toHaveURL(/api::news-item\.news-item\/[a-z0-9]+/);

    const site = await page.context().newPage();
    const card = site.locator('article').filter({ has: site.getByRole('heading', { name: title }) });
    await site.goto('/news');
    await expect(card).toBeVisible();

    await active.click();
    await expect(active).not.toBeChecked();
    await saveInPanel(page);

    await site.goto('/news');
    await expect(site.locator('article').first()).toBeVisible();
    await expect(card).toHaveCount(0);
  });
});
