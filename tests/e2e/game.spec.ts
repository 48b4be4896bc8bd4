import type { GameFinishOptions } from '@haic/contract';
import { expect, test, type Page } from '@playwright/test';
import { askForGameHook } from './fixtures/game-hook';

const GAME = '/games/nurse-help-me';
const SCORE_URL = '/api/game/nursehelpme/score';
const PENDING_KEY = 'nurseHelpMePendingScores';
const GUEST_MESSAGE = 'Score saved! Login to track all your scores and earn rewards.';
const OFFLINE_MESSAGE = 'Score submission failed - playing offline';

const state = (page: Page) => page.evaluate(() => window.__nurseHelpMe!.getState());

async function startGame(page: Page) {
  await askForGameHook(page);
  await page.goto(GAME);
  await page.getByRole('button', { name: 'Start Game' }).click();
  await expect(page.getByTestId('game-canvas')).toBeVisible();
  await page.waitForFunction(() => window.__nurseHelpMe?.getState().status === 'playing');
}

/** Ends the game through the test hook: `coins` collected by `level` in `seconds`. */
const finish = (page: Page, options: GameFinishOptions) => page.evaluate((o) => window.__nurseHelpMe!.finish(o), options);

const isScorePost = (url: string, method: string) => url.endsWith(SCORE_URL) && method === 'POST';

test.describe('Nurse Help Me page', () => {
  test('shows the welcome panel, stat cards, about and features; the game code is not loaded yet', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(request.url()));
    await page.goto('/');
    await expect(page.locator('h1').first()).toBeVisible();
    await page.goto(GAME);
    await expect(page).toHaveTitle('Nurse Help Me - HAIC');
    await expect(page.getByRole('heading', { name: 'Welcome, Nurse!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'High Score' })).toBeVisible();
    await expect(page.getByTestId('stat-high-score')).toHaveText('0');
    await expect(page.getByRole('heading', { name: 'Games Played' })).toBeVisible();
    await expect(page.getByText('Coming Soon', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'About Nurse Help Me' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Game Features' })).toBeVisible();
    expect(scripts.filter((url) => /GameCanvas/.test(url))).toEqual([]);

    // Disabled in the server's HTML, live once the browser has taken the page over.
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeEnabled();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await expect(page.getByTestId('game-canvas')).toBeVisible();
    expect(scripts.filter((url) => /GameCanvas.*\.js$/.test(url))).toHaveLength(1);
    // A visitor's game carries no test handle: its module is never fetched.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => '__nurseHelpMe' in window)).toBe(false);
    expect(scripts.filter((url) => /debugHook/.test(url))).toEqual([]);
  });

  test('Start Game shows an 800x400 canvas, drawn at the device pixel ratio', async ({ page }) => {
    await startGame(page);
    await expect(page.getByRole('heading', { name: 'Welcome, Nurse!' })).toHaveCount(0);
    const canvas = page.getByTestId('game-canvas');
    const box = (await canvas.boundingBox())!;
    expect(box.width).toBeCloseTo(800, 0);
    expect(box.width / box.height).toBeCloseTo(2, 1);
    const size = await page.evaluate(() => window.__nurseHelpMe!.size);
    expect(size).toEqual({ width: 800, height: 400 });
    const backing = await canvas.evaluate((c: HTMLCanvasElement) => ({
      w: c.width,
      h: c.height,
      dpr: window.devicePixelRatio,
      css: c.clientWidth,
    }));
    expect(backing.w).toBe(Math.round(backing.css * backing.dpr));
    expect(backing.h).toBe(Math.round((backing.css * backing.dpr) / 2));
  });

  test('the canvas fits a 375 px screen', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await startGame(page);
    const box = (await page.getByTestId('game-canvas').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.width / box.height).toBeCloseTo(2, 1);
    const backing = await page.getByTestId('game-canvas').evaluate((c: HTMLCanvasElement) => [c.width, c.clientWidth]);
    expect(backing[0]).toBe(backing[1] * 2);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await context.close();
  });

  test('arrow keys and WASD move the nurse, Space jumps, and the page does not scroll', async ({ page }) => {
    await startGame(page);
    const start = await state(page);
    // Starting may scroll the game into view once; from then on the keys must not move the page.
    const scrolled = await page.evaluate(() => window.scrollY);

    await page.keyboard.down('ArrowRight');
    await expect.poll(async () => (await state(page)).nurse.x).toBeGreaterThan(start.nurse.x + 20);
    await page.keyboard.up('ArrowRight');

    const right = (await state(page)).nurse.x;
    await page.keyboard.down('a');
    await expect.poll(async () => (await state(page)).nurse.x).toBeLessThan(right - 8);
    await page.keyboard.up('a');

    const before = (await state(page)).nurse.x;
    await page.keyboard.down('d');
    await expect.poll(async () => (await state(page)).nurse.x).toBeGreaterThan(before + 8);
    await page.keyboard.up('d');

    const ground = (await state(page)).nurse.y;
    await page.keyboard.down('Space');
    await expect.poll(async () => (await state(page)).nurse.y).toBeLessThan(ground - 20);
    await page.keyboard.up('Space');

    for (const key of ['Space', 'ArrowDown', 'ArrowUp', 'Space']) await page.keyboard.press(key);
    expect((await state(page)).status).not.toBe('gameOver');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  test('the game pauses while the tab is hidden', async ({ page }) => {
    await startGame(page);
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (h ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    expect(await page.evaluate(() => window.__nurseHelpMe!.isPaused())).toBe(true);
    const paused = (await state(page)).steps;
    await page.waitForTimeout(400);
    expect((await state(page)).steps).toBe(paused);
    await setHidden(false);
    await expect.poll(async () => (await state(page)).steps).toBeGreaterThan(paused);
    // Resuming restarts the clock: the hidden time is not made up in one burst.
    expect((await state(page)).steps - paused).toBeLessThan(60);
  });

  test('a guest game posts the score and shows the guest message; Play Again restarts', async ({ page }) => {
    await startGame(page);
    const posted = page.waitForRequest((r) => isScorePost(r.url(), r.method()));
    const answered = page.waitForResponse((r) => isScorePost(r.url(), r.request().method()));
    await finish(page, { level: 3, coins: 25, seconds: 100 });

    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({
      score: 550,
      level: 3,
      timeElapsed: 100,
      bonusPoints: 900,
      totalPoints: 1450,
    });
    expect(body.XRPLWallet).toMatch(/^GUEST_[A-Z0-9]{8}$/);
    expect(body.userId).toBeUndefined();
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await answered).status()).toBe(200);
    expect((await (await answered).json()).success).toBe(true);

    const overlay = page.getByRole('dialog', { name: 'Game Over' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByTestId('level-reached')).toHaveText('3');
    await expect(overlay.getByTestId('coins-collected')).toHaveText('25');
    await expect(overlay.getByTestId('overlay-high-score')).toHaveText('550');
    await expect(page.getByTestId('score-message')).toHaveText(GUEST_MESSAGE);
    await expect(page.getByTestId('stat-high-score')).toHaveText('550');
    await expect(page.getByTestId('stat-games-played')).toHaveText('1');
    expect(await page.evaluate(() => localStorage.getItem('tempXRPLWallet'))).toBe(body.XRPLWallet);
    expect(await page.evaluate(() => localStorage.getItem('nurseHelpMeHighScore'))).toBe('550');
    expect(await page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)).toBeNull();

    await overlay.getByRole('button', { name: 'Play Again' }).click();
    await expect(overlay).toHaveCount(0);
    await expect.poll(async () => (await state(page)).status).toBe('playing');
    const again = await state(page);
    expect(again).toMatchObject({ level: 1, lives: 3, totalCoins: 0 });

    // The second game is its own session, under the same guest wallet; a lower score keeps the high score.
    const second = page.waitForRequest((r) => isScorePost(r.url(), r.method()));
    await finish(page, { level: 1, coins: 2, seconds: 20 });
    const secondBody = (await second).postDataJSON();
    expect(secondBody.sessionId).not.toBe(body.sessionId);
    expect(secondBody.XRPLWallet).toBe(body.XRPLWallet);
    await expect(page.getByTestId('score-message')).toHaveText(GUEST_MESSAGE);
    await expect(page.getByTestId('stat-high-score')).toHaveText('550');
    await expect(page.getByTestId('stat-games-played')).toHaveText('2');
  });

  test("a completed game shows 'World Saved!'", async ({ page }) => {
    await startGame(page);
    await finish(page, { completed: true, coins: 100, seconds: 400 });
    const overlay = page.getByRole('dialog', { name: 'World Saved!' });
    await expect(overlay).toBeVisible();
    await expect(overlay.getByTestId('level-reached')).toHaveText('10');
    await expect(page.getByTestId('score-message')).toHaveText(GUEST_MESSAGE);
    await expect(page.getByTestId('stat-high-score')).toHaveText('2000');
  });

  test('a logged-in user posts with userId and the token and sees the points earned', async ({ page, playwright, baseURL }) => {
    // Uses the accounts area's POST /api/auth/register to get a real user and token.
    const api = await playwright.request.newContext({ baseURL });
    await api.get('/api/xsrf');
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const username = `player${Date.now().toString(36)}`;
    const registered = await api.post('/api/auth/register', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
      data: {
        username,
        email: `${username}@example.com`,
        password: 'Nurse#Pass123',
      },
    });
    expect(registered.status()).toBeLessThan(300);
    const { token, user } = await registered.json();
    await api.dispose();

    await page.addInitScript(
      ([t, u]) => {
        localStorage.setItem('userAuthToken', t);
        localStorage.setItem('currentWebUser', JSON.stringify(u));
      },
      [token, user] as const,
    );
    await startGame(page);
    const posted = page.waitForRequest((r) => isScorePost(r.url(), r.method()));
    await finish(page, { level: 2, coins: 10, seconds: 50 });
    const request = await posted;
    expect(request.postDataJSON()).toMatchObject({
      userId: user.id,
      score: 300,
      totalPoints: 1250,
    });
    expect(request.postDataJSON().XRPLWallet).toBeUndefined();
    expect(request.headers().authorization).toBe(`Bearer ${token}`);
    await expect(page.getByTestId('score-message')).toHaveText('Score saved! You earned 1250 points!');
  });

  test('offline: the score is kept locally and sent on the next load', async ({ page }) => {
    await page.route(`**${SCORE_URL}`, (route) => route.abort('internetdisconnected'));
    await startGame(page);
    await finish(page, { level: 2, coins: 5, seconds: 30 });
    await expect(page.getByTestId('score-message')).toHaveText(OFFLINE_MESSAGE);
    await expect(page.getByTestId('stat-high-score')).toHaveText('250');

    const queued = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), PENDING_KEY);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      score: 250,
      level: 2,
      timeElapsed: 30,
      bonusPoints: 970,
      totalPoints: 1220,
    });
    expect(queued[0].XRPLWallet).toMatch(/^GUEST_[A-Z0-9]{8}$/);

    await page.unroute(`**${SCORE_URL}`);
    const resent = page.waitForResponse((r) => isScorePost(r.url(), r.request().method()));
    await page.reload();
    const response = await resent;
    expect(response.request().postDataJSON().sessionId).toBe(queued[0].sessionId);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      totalPoints: 1220,
    });
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), PENDING_KEY)).toBeNull();

    // The server has it once: sending the same session again is answered with the same stored row.
    const again = await page.evaluate(
      async ([url, body]) => {
        const xsrf = document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))!
          .slice(11);
        const r = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-XSRF-TOKEN': decodeURIComponent(xsrf),
          },
          body: JSON.stringify(body),
        });
        return r.json();
      },
      [SCORE_URL, queued[0]] as const,
    );
    expect(again).toMatchObject({
      success: true,
      id: (await response.json()).id,
    });
  });

  test('without a run ticket (the request fails) the game still plays and the score is saved, unranked', async ({ page }) => {
    await page.route('**/api/game/nursehelpme/ticket', (route) => route.abort('internetdisconnected'));
    await startGame(page);
    const answered = page.waitForResponse((r) => isScorePost(r.url(), r.request().method()));
    await finish(page, { level: 2, coins: 5, seconds: 30 });
    const response = await answered;
    expect(response.request().postDataJSON().ticket).toBeUndefined();
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, verified: false });
    await expect(page.getByTestId('score-message')).toHaveText(GUEST_MESSAGE);
  });

  test('a canvas that cannot start returns to the welcome panel and logs it', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      HTMLCanvasElement.prototype.getContext = () => null;
    });
    await page.goto(GAME);
    await page.getByRole('button', { name: 'Start Game' }).click();
    await expect(page.getByRole('button', { name: 'Start Game' })).toBeVisible();
    await expect(page.getByTestId('game-canvas')).toHaveCount(0);
    await expect.poll(() => errors.some((e) => /could not start/.test(e))).toBe(true);
  });

  test('touch screens get on-screen buttons that move the nurse', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await startGame(page);
    const right = page.getByRole('button', { name: 'Move right' });
    await expect(right).toBeVisible();
    await expect(page.getByRole('button', { name: 'Jump' })).toBeVisible();
    const x = (await state(page)).nurse.x;
    await right.dispatchEvent('pointerdown', {
      pointerId: 1,
      isPrimary: true,
      pointerType: 'touch',
    });
    await expect.poll(async () => (await state(page)).nurse.x).toBeGreaterThan(x + 20);
    await right.dispatchEvent('pointerup', {
      pointerId: 1,
      isPrimary: true,
      pointerType: 'touch',
    });
    const stopped = (await state(page)).nurse.x;
    await page.waitForTimeout(200);
    expect((await state(page)).nurse.x).toBe(stopped);
    await context.close();
  });

  test('desktop screens show no touch buttons', async ({ page }) => {
    await startGame(page);
    await expect(page.getByRole('button', { name: 'Move right' })).toBeHidden();
  });
});
