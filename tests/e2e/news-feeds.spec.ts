import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { saveInPanel, signInToPanel } from './fixtures/panel';

// An editor adds a feed in the CMS panel, fetches it at once with "Fetch now" and reads the result in the
// feed list; /news shows the new items. The feed is served from loopback by this file.
const PANEL = '/cms/content-manager/collection-types/api::news-feed.news-feed';

const unique = Date.now().toString(36);
const RSS = `<?xml version="1.0" encoding="windows-1251"?><rss version="2.0"><channel><title>Loopback wire</title><link>https://wire.example.org/</link>
<item><title>Fetch now brings item one ${unique}</title><link>https://wire.example.org/${unique}/one?utm_source=rss</link><description>&lt;p&gt;First &amp;amp; foremost.&lt;/p&gt;</description><pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate></item>
<item><title>Новости ${unique}</title><link>https://wire.example.org/${unique}/two</link><description>Второй.</description></item>
<item><title>No link here</title></item>
</channel></rss>`;

let server: http.Server;
let feedUrl: string;

test.beforeAll(async () => {
  // windows-1251 bytes for the Cyrillic title, as the XML declaration says.
  const bytes = Buffer.from(
    Array.from(RSS, (char) => {
      const code = char.codePointAt(0)!;
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      throw new Error(`no windows-1251 byte for ${char}`);
    }),
  );
  server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/rss+xml' }).end(bytes));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test.describe('news feeds in the CMS panel', () => {
  test.describe.configure({ timeout: 240_000 });

  test('an editor adds a feed, fetches it now, and reads seen/stored/error in the list', async ({ page, request }) => {
    page.setDefaultTimeout(45_000);
    await signInToPanel(page);

    await page.goto(`${PANEL}/create`);
    await page.getByLabel('Name').fill(`Loopback wire ${unique}`);
    await page.getByLabel('Feed URL').fill(feedUrl);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'health' }).click();
    await saveInPanel(page);

    await page.goto(PANEL);
    // The panel's list is a grid: its header row names the columns.
    await expect(page.getByRole('row', { name: 'Select all entries Name Category Enabled Last fetched Items seen New items stored Last error' })).toBeVisible();
    await page.getByRole('button', { name: 'Fetch now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feeds fetched' });
    await expect(dialog).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByText(/^\d+ new items? from \d+ feeds?\.$/)).toBeVisible();
    const row = dialog.getByRole('row', { name: new RegExp(`Loopback wire ${unique}`) });
    await expect(row).toContainText('3');
    await expect(row).toContainText('2');
    await expect(row).toContainText('1 item skipped: no link');
    await page.screenshot({ path: test.info().outputPath('fetch-now.png') });

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const listRow = page.getByRole('row', { name: new RegExp(`Loopback wire ${unique}`) });
    await expect(listRow).toContainText('1 item skipped: no link');
    await page.screenshot({ path: test.info().outputPath('list.png') });

    // The site lists what was fetched, decoded and without markup.
    const news = await (await request.get('/api/news/aggregate')).json();
    const titles = news.map((item: { title: string }) => item.title);
    expect(titles).toEqual(expect.arrayContaining([`Fetch now brings item one ${unique}`, `Новости ${unique}`]));
    expect(news.find((item: { title: string }) => item.title.startsWith('Fetch now brings')).description).toBe('First & foremost.');
  });
});
