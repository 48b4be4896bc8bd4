import { expect, test } from '@playwright/test';
import { registerWithForm } from './fixtures/accounts';

const GAME = '/games/nurse-help-me';
const SCORE_URL = '/api/game/nursehelpme/score';
const GUEST_MESSAGE = 'Score saved! Login to track all your scores and earn rewards.';

const isScorePost = (url: string, method: string) => url.endsWith(SCORE_URL) && method === 'POST';
const masked = (wallet: string) => `GUEST_${wallet.slice(6, 8)}…${wallet.slice(-2)}`;

test.describe('a real game on the leaderboard', () => {
  test('keys pressed until Game Over: the run is replayed, saved, ranked, and follows the guest into a new account', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(GAME);
    await page.getByRole('button', { name: 'Start Game' }).click();
    await expect(page.getByTestId('game-canvas')).toBeVisible();

    // Hold the right arrow: the nurse runs into the first gap, three lives, then Game Over.
    const posted = page.waitForRequest((r) => isScorePost(r.url(), r.method()), { timeout: 60_000 });
    const answered = page.waitForResponse((r) => isScorePost(r.url(), r.request().method()), { timeout: 60_000 });
    await page.keyboard.down('ArrowRight');
    const overlay = page.getByRole('dialog', { name: 'Game Over' });
    await expect(overlay).toBeVisible({ timeout: 60_000 });
    await page.keyboard.up('ArrowRight');

    const body = (await posted).postDataJSON();
    expect(body.inputLog).toMatch(/^[a-h][0-9a-h]*$/);
    expect(body.inputLog.length).toBeLessThan(200);
    expect(body.walletSecret).toMatch(/^[A-Za-z0-9_-]{32,128}$/);
    expect(body.level).toBe(1);
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, verified: true, totalPoints: body.totalPoints });
    await expect(page.getByTestId('score-message')).toHaveText(GUEST_MESSAGE);

    // The run is on the board, under the masked guest wallet id, in every period.
    const wallet = await page.evaluate(() => localStorage.getItem('tempXRPLWallet'));
    expect(wallet).toBe(body.XRPLWallet);
    await page.goto('/leaderboard');
    await expect(page).toHaveTitle('Leaderboard - HAIC');
    await expect(page.getByText('Leaderboard and stats will appear here.')).toHaveCount(0);
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await expect(row(masked(wallet!))).toContainText(body.totalPoints.toLocaleString('en-US'));
    await expect(page.getByText(wallet!)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Today' }).click();
    await expect(page.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
    await expect(row(masked(wallet!))).toBeVisible();

    // Registering on this browser moves the guest run to the new account.
    const username = `runner${Date.now().toString(36)}`;
    await registerWithForm(page, username);
    await expect(page).toHaveURL(/\/profile/, { timeout: 15_000 });
    await expect(page.getByTestId('stat-games')).toHaveText('1');
    await expect(page.getByTestId('stat-rank')).toHaveText(/^#\d+$/);

    // On the board the run now carries the username, highlighted as the player's own.
    await page.goto('/leaderboard');
    const mine = page.locator('tr[aria-current="true"]');
    await expect(mine).toContainText(`${username} (you)`);
    await expect(row(masked(wallet!))).toHaveCount(0);
  });
});
