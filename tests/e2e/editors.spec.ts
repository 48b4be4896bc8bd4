import crypto from 'node:crypto';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_EDITOR, E2E_PREVIEW_SECRET } from './env.mjs';
import { contactMessageCounts } from './fixtures/contact-messages';
import { OWN_CONNECTION } from './fixtures/http';
import { saveInPanel, signInToPanel } from './fixtures/panel';

// The editors' tools in the real panel: preview, scheduling, slugs from titles, unread messages, quick actions.
// The panel and the post body's renderer load lazily and slowly on a busy machine: generous waits.
const expect = baseExpect.configure({ timeout: 20_000 });
const PANEL = '/cms/content-manager/collection-types';
const BLOG = 'api::blog-post.blog-post';
const CONTACT = 'api::contact-message.contact-message';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const pad = (n: number) => String(n).padStart(2, '0');
const panelDate = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

/** A token in the site's format, signed with the e2e secret but issued long ago: expired. */
function expiredToken(documentId: string) {
  const payload = Buffer.from(JSON.stringify({ d: documentId, e: Date.now() - 60_000 })).toString('base64url');
  const signature = crypto.createHmac('sha256', E2E_PREVIEW_SECRET).update(`haic:blog-post-preview:v1:${payload}`).digest('base64url');
  return `${payload}.${signature}`;
}

async function expectNotFoundForAnyone(browser: Browser, url: string, hiddenText: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Post not found');
  await expect(visitor.getByText(hiddenText)).toHaveCount(0);
  await expect(visitor.getByText('Preview — not published')).toHaveCount(0);
  await context.close();
}

const blogTitles = async (page: Page) =>
  ((await (await page.request.get('/api/blog?page=1&pageSize=50', OWN_CONNECTION)).json()) as Array<{ title: string }>).map((post) => post.title);

test.describe('editors: preview and scheduling', () => {
  test.describe.configure({ timeout: 420_000 });

  test(
    'an editor writes a post, previews the draft on the site, schedules it a minute or two ahead, and it appears then and not before',
    { tag: '@scheduled' },
    async ({ page, browser }) => {
      page.setDefaultTimeout(45_000);
      const title = unique('Scheduled post');
      const slug = slugify(title);
      const draftText = `Draft words only editors see ${Date.now()}`;

      await signInToPanel(page);
      await page.goto(`${PANEL}/${BLOG}/create`);
      // The slug follows the title as it is typed, no Regenerate needed.
      await page.getByLabel('Title').pressSequentially(title, { delay: 5 });
      await expect(page.getByLabel('Slug')).toHaveValue(slug);
      await page.getByLabel('Summary').fill('A post written, previewed and scheduled by the browser tests.');
      await page.getByLabel('Author name').fill(`${E2E_EDITOR.firstname} ${E2E_EDITOR.lastname}`);
      const date = page.locator('input[name="publishedDate"]');
      await date.click();
      await date.fill(panelDate(new Date()));
      await date.press('Enter');
      const body = page.locator('[contenteditable="true"]').first();
      await body.click();
      await body.pressSequentially(draftText);
      await saveInPanel(page);
      await expect(page).toHaveURL(new RegExp(`${BLOG.replace(/\./g, '\\.')}/([a-z0-9]+)`));
      const documentId = page.url().match(/api::blog-post\.blog-post\/([a-z0-9]+)/)![1];

      // Preview: the panel frames the real site page with the draft, the banner and noindex.
      await page.getByRole('link', { name: /Open preview/ }).click();
      await expect(page).toHaveURL(/\/preview/);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
      await expect(frame.getByText('Preview — not published')).toBeVisible();
      await expect(frame.getByText(draftText)).toBeVisible();
      const previewUrl = await page.locator('iframe').getAttribute('src');
      expect(previewUrl).toMatch(new RegExp(`/blog/${slug}\\?preview=[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$`));

      // The same link in a tab of its own (e.g. sent to a colleague): draft, banner, noindex.
      // The server sends the banner with the page, so the browser takes it over without a mismatch.
      const tab = await browser.newPage();
      const hydrationProblems: string[] = [];
      tab.on('console', (message) => {
        if (/hydrat|did not match/i.test(message.text())) hydrationProblems.push(message.text());
      });
      await tab.goto(new URL(previewUrl!, page.url()).toString());
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(tab.getByText(draftText)).toBeVisible();
      await expect(tab.getByText('Preview — not published')).toBeVisible();
      await expect(tab.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await tab.waitForLoadState('networkidle');
      expect(hydrationProblems).toEqual([]);
      await tab.close();

      // Without a valid token the draft is a 404, as for anyone.
      const token = new URL(previewUrl!, 'http://x').searchParams.get('preview')!;
      const [payload, signature] = token.split('.');
      const forged = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      await expectNotFoundForAnyone(browser, `/blog/${slug}`, draftText);
      await expectNotFoundForAnyone(browser, `/blog/${slug}?preview=${forged}`, draftText);
      await expectNotFoundForAnyone(browser, `/blog/${slug}?preview=${expiredToken(documentId)}`, draftText);

      // Schedule: 'Publish at' the first whole minute at least a minute ahead (the panel's own time picker),
      // time enough to check the post stays off the site until then.
      await page.goBack();
      await expect(page.getByLabel('Title')).toHaveValue(title);
      const due = new Date(Date.now() + 60_000);
      due.setSeconds(0, 0);
      if (due.getTime() - Date.now() < 60_000) due.setMinutes(due.getMinutes() + 1);
      const publishDate = page.getByRole('combobox', { name: 'Choose date' });
      await publishDate.click();
      await publishDate.fill(panelDate(due));
      await publishDate.press('Enter');
      const publishTime = page.getByRole('combobox', { name: 'Choose time' });
      await publishTime.click();
      await publishTime.fill(`${pad(due.getHours())}:${pad(due.getMinutes())}`);
      // The typed time is taken when the field loses focus (Enter would pick the highlighted option).
      await page.getByText('Save a draft with a time here').click();
      await expect(publishTime).toHaveValue(`${pad(due.getHours())}:${pad(due.getMinutes())}`);
      await saveInPanel(page);

      // A fresh preview names the scheduled time.
      const scheduledPreview = await browser.newPage();
      await scheduledPreview.goto(new URL(previewUrl!, page.url()).toString());
      await expect(scheduledPreview.getByRole('note', { name: 'Preview' })).toContainText('Scheduled to publish');
      await scheduledPreview.close();

      // The list shows the post as a scheduled draft with its time.
      await page.goto(`${PANEL}/${BLOG}`);
      await expect(page.locator('thead')).toContainText('Publish at');
      const row = page.locator('tr', { hasText: title });
      await expect(row).toContainText('Draft');
      await expect(row).toContainText(`${due.getHours() % 12 || 12}:${pad(due.getMinutes())}`);

      // Not on the site before its time...
      const site = await browser.newPage();
      expect(await blogTitles(page)).not.toContain(title);
      await site.goto('/blog');
      await expect(site.locator('article').first()).toBeVisible();
      await expect(site.getByRole('heading', { name: title })).toHaveCount(0);
      await page.waitForTimeout(Math.max(0, due.getTime() - Date.now() - 8_000));
      expect(Date.now()).toBeLessThan(due.getTime());
      expect(await blogTitles(page)).not.toContain(title);
      await site.goto(`/blog/${slug}`);
      await expect(site.getByRole('heading', { level: 1 })).toHaveText('Post not found');

      // ...and there once it has come (the e2e server runs the job every 5 s).
      await expect.poll(() => blogTitles(page), { timeout: 30_000, intervals: [1_000] }).toContain(title);
      expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
      await site.goto('/blog');
      await expect(site.locator('article').first().getByRole('heading', { level: 2 })).toHaveText(title);
      await site.goto(`/blog/${slug}`);
      await expect(site.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(site.getByText(draftText)).toBeVisible();
      await expect(site.getByText('Preview — not published')).toHaveCount(0);
      await site.close();

      // In the panel it is now published and no longer scheduled.
      await page.reload();
      await expect(page.locator('tr', { hasText: title })).toContainText('Published');
    },
  );
});

/**
 * The panel home's unread count, read while no contact message arrives (other specs send some): it is the database's
 * own count of that moment. `total` is how many messages were stored then.
 */
async function unreadOnPanelHome(page: Page): Promise<{ shown: number; total: number }> {
  const count = page.getByTestId('unread-contact-messages').locator('p').first();
  let reading = { shown: -1, total: -1 };
  await expect(async () => {
    const before = contactMessageCounts();
    await page.goto('/cms');
    await expect(count).toHaveText(/^\d+$/);
    const shown = Number(await count.textContent());
    const after = contactMessageCounts();
    expect(after.total, 'no message arrived while the home loaded').toBe(before.total);
    expect(shown).toBe(after.unread);
    reading = { shown, total: after.total };
  }).toPass({ timeout: 45_000 });
  return reading;
}

test.describe('editors: panel home and quick actions', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the panel home counts unread contact messages; marking one read lowers the count', async ({ page }) => {
    page.setDefaultTimeout(45_000);
    // A visitor writes through the site's contact form.
    const subject = unique('Question from e2e');
    await page.goto('/contact');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Name').fill('Curious Visitor');
    await field('Email').fill('curious@example.com');
    await field('Subject').fill(subject);
    await field('Message').fill('When does the nursing platform launch?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Thank you! Your message has been sent successfully.')).toBeVisible();

    await signInToPanel(page);
    await expect(page.getByText('Unread contact messages')).toBeVisible();
    const before = await unreadOnPanelHome(page);
    expect(before.shown).toBeGreaterThanOrEqual(1);

    // The list shows the message, unread, with the configured columns; the editor marks it read.
    await page.goto(`${PANEL}/${CONTACT}`);
    for (const column of ['Name', 'Email', 'Subject', 'Received', 'Read']) await expect(page.locator('thead')).toContainText(column);
    await page.locator('tr', { hasText: subject }).getByText(subject).click();
    const read = page.locator('input[name="read"]');
    await expect(read).not.toBeChecked();
    await read.click();
    await saveInPanel(page);

    // One lower than before, but for the messages the contact specs sent meanwhile (each one unread).
    const after = await unreadOnPanelHome(page);
    expect(after.shown).toBe(before.shown - 1 + (after.total - before.total));
  });

  test("the site admin dashboard's quick actions open the matching panel screens", async ({ page, context }) => {
    page.setDefaultTimeout(45_000);
    await signInToPanel(page);
    await page.goto('/login');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin');

    // Editors may write news and posts: the create screens open ready to fill in.
    const screens: Array<[RegExp, RegExp]> = [
      [/Add News Article/, /api::news-item\.news-item\/create/],
      [/Create Blog Post/, /api::blog-post\.blog-post\/create/],
      [/Add User/, /plugin::users-permissions\.user\/create/],
    ];
    for (const [name, url] of screens) {
      const popupPromise = context.waitForEvent('page');
      await page.getByRole('link', { name }).click();
      const popup = await popupPromise;
      await expect(popup).toHaveURL(url, { timeout: 60_000 });
      await expect(popup.getByRole('heading', { name: 'Content Manager' })).toBeVisible({ timeout: 60_000 });
      if (/User/.test(name.source)) {
        // Accounts are the Super Admin's: the panel opens the users screen and tells an editor so.
        await expect(popup.getByText("You don't have the permissions to access that content")).toBeVisible();
      } else {
        await expect(popup.getByRole('heading', { name: 'Create an entry' })).toBeVisible({ timeout: 60_000 });
      }
      await popup.close();
    }
  });
});
