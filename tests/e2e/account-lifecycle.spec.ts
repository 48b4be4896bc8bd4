/**
 * People own their accounts, in the browser: change the password through the form,
 * download the data file and read it, cancel then confirm a deletion, and the player gone from the board.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, signedIn } from './fixtures/accounts';

const NEW_PASSWORD = 'Fresh!Pass2027';
const SCORE_URL = '/api/game/nursehelpme/score';

/** A profile call with a given token, from inside the page: its status. */
const profileStatus = (page: Page, token: string) =>
  page.evaluate(async (bearer) => (await fetch('/api/users/profile', { headers: { Authorization: `Bearer ${bearer}` } })).status, token);

/** A sign-in through the API from inside the page: its status. */
const signInStatus = (page: Page, username: string, password: string) =>
  page.evaluate(
    async ({ username, password }) => {
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/api/xsrf');
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice(11) ?? '',
      );
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({ username, password }),
      });
      return response.status;
    },
    { username, password },
  );

test('change the password through the form: a wrong current one is refused, then the new one signs in and the old token is refused', async ({ page }) => {
  const account = await signedIn(page);
  await page.goto('/profile');
  const form = page.getByRole('region', { name: 'Change Password' });
  await expect(form).toBeVisible();

  await form.getByLabel('Current Password').fill('Wrong!Pass1');
  await form.getByLabel('New Password').fill(NEW_PASSWORD);
  await form.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByText('Current password is incorrect')).toBeVisible();

  // A weak new password is refused with the sign-up words before anything is sent.
  await form.getByLabel('New Password').fill('weakpass1');
  await form.getByLabel('New Password').blur();
  await expect(form.getByText('Password must contain uppercase, lowercase, number, and special character')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Change Password' })).toBeDisabled();

  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByLabel('New Password').fill(NEW_PASSWORD);
  await form.getByLabel('Confirm Password').fill(NEW_PASSWORD);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/users/password') && r.request().method() === 'PUT');
  await form.getByRole('button', { name: 'Change Password' }).click();
  expect((await answered).status()).toBe(200);
  await expect(form.getByText('Password changed. Every other device has been signed out.')).toBeVisible();

  // This browser stays signed in with its fresh token; the earlier token is refused.
  const stored = await page.evaluate(() => localStorage.getItem('userAuthToken'));
  expect(stored).not.toBe(account.token);
  expect(await profileStatus(page, stored!)).toBe(200);
  expect(await profileStatus(page, account.token)).toBe(401);
  await page.reload();
  await expect(page).toHaveURL('/profile');
  await expect(page.locator('header').getByTestId('profile-menu')).toContainText(account.user.username);

  expect(await signInStatus(page, account.user.username, PASSWORD)).toBe(401);
  expect(await signInStatus(page, account.user.username, NEW_PASSWORD)).toBe(200);
});

test('Download my data gives a dated JSON file with the account in it', async ({ page }) => {
  const account = await signedIn(page);
  await page.goto('/profile');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`haic-my-data-${new Date().toISOString().slice(0, 10)}.json`);
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
  expect(Object.keys(data)).toEqual(['exportedAt', 'account', 'chatAccounts', 'xrplWallet', 'gameRuns', 'contactMessages']);
  expect(data.account).toMatchObject({ username: account.user.username, email: account.user.email });
  expect(data.gameRuns).toEqual([]);
  expect(JSON.stringify(data)).not.toContain(account.token);
});

test('Delete account: Cancel keeps everything; confirming with the password signs out and takes the player off the leaderboard', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await signedIn(page);
  const { username } = account.user;

  // A real game, played signed in: the run ranks under the username.
  await page.goto('/games/nurse-help-me');
  await page.getByRole('button', { name: 'Start Game' }).click();
  await expect(page.getByTestId('game-canvas')).toBeVisible();
  const answered = page.waitForResponse((r) => r.url().endsWith(SCORE_URL) && r.request().method() === 'POST', { timeout: 60_000 });
  await page.keyboard.down('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Game Over' })).toBeVisible({ timeout: 60_000 });
  await page.keyboard.up('ArrowRight');
  expect(await (await answered).json()).toMatchObject({ success: true, verified: true });
  await page.goto('/leaderboard');
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(1);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete your account for good?');
  await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByTestId('stat-games')).toHaveText('1');

  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('alertdialog').getByLabel('Password', { exact: true }).fill('Wrong!Pass1');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('alertdialog').getByText('Password is incorrect')).toBeVisible();

  await page.getByRole('alertdialog').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  const header = page.locator('header');
  await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(header.getByTestId('profile-menu')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('userAuthToken'))).toBeNull();

  expect(await profileStatus(page, account.token)).toBe(401);
  expect(await signInStatus(page, username, PASSWORD)).toBe(401);
  await page.goto('/leaderboard');
  // The board has loaded (with other players' runs, or none at all) without this player.
  await expect(page.getByRole('table').or(page.getByText('No verified runs yet. Be the first on the board!'))).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: username })).toHaveCount(0);
});
