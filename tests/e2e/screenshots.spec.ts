import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

const ROOT = path.resolve(__dirname, '..', '..');
/** What one image of the docs may weigh (docs/developing.md, "Screenshots"). */
const MAX_BYTES = 200 * 1024;

// `npm run screenshots` on a small scale: one page at one width, from this running site, into a folder of its own.
test('npm run screenshots takes a page at a phone width as a small WebP image', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-screenshots-'));
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['scripts/screenshots.mjs', '--base', baseURL!, '--out', out, '--pages', 'home', '--widths', '375'],
      {
        cwd: ROOT,
        timeout: 80_000,
      },
    );
    expect(fs.readdirSync(out)).toEqual(['home-375.webp']);
    const image = fs.readFileSync(path.join(out, 'home-375.webp'));
    expect(stdout).toContain(`home-375.webp: ${(image.length / 1024).toFixed(0)} KB`);
    expect(image.length).toBeLessThanOrEqual(MAX_BYTES);
    expect(image.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(image.subarray(8, 12).toString('latin1')).toBe('WEBP');

    // A browser shows it as a picture of the page at the width asked for.
    await page.setContent(`<img alt="home" src="data:image/webp;base64,${image.toString('base64')}">`);
    const size = await page
      .getByRole('img', { name: 'home' })
      .evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight]));
    expect(size).toEqual([375, 740]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
