/**
 * The players' pages in a browser: a run's page (server-rendered, self-playing replay, Pause, Share, a
 * signed-out visitor on a shared link), Watch on every board row, a ghost race, around me beyond the top
 * 50, last week's standings, and full screen and the sound switch on a 412x915 touch screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seasonKeyOf } from '@haic/contract';
import { axeViolations } from './fixtures/axe';
import { pageCall as call, playGuestRun } from './fixtures/guest-run';
import { askForGameHook } from './fixtures/game-hook';
import { insertWeekRuns } from './fixtures/insert-board';

const PASSWORD = 'Nurse!2026x';
const unique = (prefix = 'p') => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const DAY = 24 * 3600 * 1000;

/** A real verified guest run, stored: its id, its player's masked name and its result. */
async function verifiedGuestRun(page: Page) {
  const { player, result, send } = await playGuestRun(page);
  const { id } = await send();
  return { id, player, result };
}

async function signedInPlayer(page: Page) {
  await page.goto('/disclaimer');
  const username = unique();
  const registered = await call(page, 'POST', '/api/auth/register', { username, email: `${username}@example.com`, password: PASSWORD });
  expect(registered.status).toBe(200);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('userAuthToken', token);
    localStorage.setItem('currentWebUser', JSON.stringify(user));
  }, registered.body);
  return registered.body as { token: string; user: { id: number; username: string } };
}

let run: Awaited<ReturnType<typeof verifiedGuestRun>>;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(60_000);
  const page = await browser.newPage();
  run = await verifiedGuestRun(page);
  await page.close();
});

test.describe("a run's page", () => {
  test('the raw HTML names the player, the points, the level and the time, in the title and Open Graph tags', async ({ request }) => {
    const response = await request.get(`/runs/${run.id}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const points = run.result.totalPoints.toLocaleString('en-US');
    const title = `${run.player}: ${points} points, level ${run.result.level} - HAIC`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    const time = `${Math.floor(run.result.timeElapsed / 60)}:${String(run.result.timeElapsed % 60).padStart(2, '0')}`;
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:description" content="${run.player} scored ${points} points in Nurse Help Me!, reaching level ${run.result.level} in ${time}\\.`,
      ),
    );
    expect(html).toContain(`data-testid="run-points">${points}<`);
  });

  test('the replay plays without a key pressed; Pause freezes it, Play resumes; speed and restart answer', async ({ page }) => {
    await page.goto(`/runs/${run.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${run.player}'s run`);
    await expect(page.getByTestId('replay-canvas')).toBeVisible();
    const position = page.getByTestId('replay-position');
    await expect.poll(async () => Number(await position.inputValue()), { timeout: 5000 }).toBeGreaterThan(30);
    await page.getByRole('button', { name: 'Pause' }).click();
    const frozen = await position.inputValue();
    const pixels = await page.getByTestId('replay-canvas').screenshot();
    await page.waitForTimeout(700);
    expect(await position.inputValue()).toBe(frozen);
    expect((await page.getByTestId('replay-canvas').screenshot()).equals(pixels)).toBe(true);
    await page.getByRole('button', { name: '4×' }).click();
    await expect(page.getByRole('button', { name: '4×' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Play' }).click();
    // At 4x the 11 s run ends in about 3 s, exactly where the server verified it.
    await expect(page.getByText('Replay finished')).toBeVisible({ timeout: 10_000 });
    expect(await position.inputValue()).toBe(await position.getAttribute('max'));
    await page.getByRole('button', { name: 'Restart' }).click();
    await expect.poll(async () => Number(await position.inputValue())).toBeLessThan(Number(await position.getAttribute('max')));
  });

  test('a signed-out visitor opens a shared link and sees the same run; Share copies the link', async ({ browser }) => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto(`/runs/${run.id}`);
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
    await expect(page.getByTestId('run-points')).toHaveText(run.result.totalPoints.toLocaleString('en-US'));
    await expect(page.getByTestId('replay-canvas')).toBeVisible();
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/runs/${run.id}`);
    await context.close();
  });

  test('the run page has no axe violations (WCAG 2 A/AA)', async ({ page }) => {
    await page.goto(`/runs/${run.id}`);
    await expect(page.getByTestId('replay-canvas')).toBeVisible();
    expect(await axeViolations(page, { tags: ['wcag2a', 'wcag2aa'] })).toEqual([]);
  });

  test('a run that does not exist is a 404 page that says so', async ({ page }) => {
    const response = await page.goto(`/runs/${'z'.repeat(24)}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Run not found' })).toBeVisible();
  });
});

test('every row of the board links to its run page with Watch', async ({ page }) => {
  await page.goto('/leaderboard');
  const rows = page.locator('table tbody').first().getByRole('row');
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    await expect(rows.nth(i).getByRole('link', { name: /^Watch / })).toHaveAttribute('href', /^\/runs\/[a-z0-9]{24}$/);
  }
  const mine = page.getByRole('row').filter({ hasText: run.player });
  await mine.getByRole('link', { name: /^Watch / }).click();
  await expect(page).toHaveURL(`/runs/${run.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${run.player}'s run`);
});

test('Race this run: the game plays with the run as a ghost, step for step', async ({ page }) => {
  await askForGameHook(page);
  await page.goto(`/runs/${run.id}`);
  await page.getByRole('link', { name: 'Race this run' }).click();
  await expect(page).toHaveURL(`/games/nurse-help-me?race=${run.id}`);
  await expect(page.getByText(`Racing ${run.player}'s run`)).toBeVisible();
  await page.getByRole('button', { name: 'Start Game' }).click();
  await expect(page.getByTestId('game-canvas')).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.__nurseHelpMe?.getState().steps ?? 0)).toBeGreaterThan(60);
  const [player, ghost] = await page.evaluate(() => [window.__nurseHelpMe!.getState().steps, window.__nurseHelpMe!.ghostState()!.steps]);
  // In step: the ghost has played as many steps as the player (the two reads are one frame apart at most).
  expect(Math.abs(player - ghost)).toBeLessThanOrEqual(5);
  // The ghost runs right (as the raced run did) while the player stands still.
  await expect
    .poll(() => page.evaluate(() => window.__nurseHelpMe!.ghostState()!.nurse.x - window.__nurseHelpMe!.getState().nurse.x), { timeout: 12_000 })
    .toBeGreaterThan(50);
});

test('a player ranked 60th this week sees ranks 58 to 62 below the top 50, their own row marked', async ({ page }) => {
  const me = await signedInPlayer(page);
  const week = seasonKeyOf(new Date());
  // 64 other players far above anyone else's runs this week: 59 ahead of me, 5 behind.
  const base = 9_000_000 + Math.floor(Math.random() * 100_000) * 100;
  const now = new Date();
  insertWeekRuns(
    week,
    Array.from({ length: 64 }, (_, i) => ({
      guestWallet: `GUEST_${unique('').slice(-8).toUpperCase()}`,
      totalPoints: base - i * 10 - (i >= 59 ? 5 : 0),
      playedDate: now,
    })),
  );
  insertWeekRuns(week, [{ userId: me.user.id, totalPoints: base - 59 * 10 + 2, playedDate: now }]);
  await page.goto('/leaderboard');
  await page.getByRole('tab', { name: 'This Week' }).click();
  const around = page.getByRole('rowgroup', { name: 'Around you' });
  // The board is cached for 5 s: rows written straight to the database show after that.
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'This Week' }).click();
    await expect(around).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 15_000 });
  const ranks = await around.getByRole('row').evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent));
  expect(ranks).toEqual(['58', '59', '60', '61', '62']);
  const mine = around.locator('tr[aria-current="true"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`${me.user.username} (you)`);
  await expect(mine.locator('td').first()).toHaveText('60');
});

test('the game history links each run to its page and shares it', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const me = await signedInPlayer(page);
  const [id] = insertWeekRuns(seasonKeyOf(new Date()), [{ userId: me.user.id, totalPoints: 1234, playedDate: new Date() }]);
  await page.goto('/profile/game-history');
  const watch = page.getByRole('link', { name: /^Watch your run of / });
  await expect(watch).toHaveAttribute('href', `/runs/${id}`);
  await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
  await page.getByRole('button', { name: /^Share your run of / }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/runs/${id}`);
  await watch.click();
  await expect(page.getByTestId('run-points')).toHaveText('1,234');
  await context.close();
});

test("Last week shows that week's final standings only", async ({ page }) => {
  const thisWeek = seasonKeyOf(new Date());
  const lastWeek = seasonKeyOf(new Date(Date.parse(`${thisWeek}T00:00:00Z`) - DAY));
  const lastMonday = Date.parse(`${lastWeek}T00:00:00Z`);
  const lastWeekPlayer = `GUEST_L${unique('').slice(-7).toUpperCase()}`;
  const thisWeekPlayer = `GUEST_T${unique('').slice(-7).toUpperCase()}`;
  insertWeekRuns(lastWeek, [{ guestWallet: lastWeekPlayer, totalPoints: 4321, playedDate: new Date(lastMonday + 3600_000) }]);
  insertWeekRuns(thisWeek, [{ guestWallet: thisWeekPlayer, totalPoints: 8765, playedDate: new Date() }]);
  const masked = (wallet: string) => `GUEST_${wallet.slice(6, 8)}…${wallet.slice(-2)}`;

  await page.goto('/leaderboard');
  await page.getByRole('tab', { name: 'Last week' }).click();
  await expect(page.getByRole('tab', { name: 'Last week' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row').filter({ hasText: masked(lastWeekPlayer) })).toContainText('4,321');
  await expect(page.getByRole('row').filter({ hasText: masked(thisWeekPlayer) })).toHaveCount(0);
  const dates = await page.locator('tbody td[data-label="Date"]').allTextContents();
  for (const date of dates) {
    const played = Date.parse(`${date} 12:00 UTC`);
    expect(played).toBeGreaterThanOrEqual(lastMonday - DAY);
    expect(played).toBeLessThan(lastMonday + 8 * DAY);
  }
  // An older season without runs says so.
  await page.getByLabel('Older seasons').selectOption({ index: 11 });
  await expect(page.getByText(/^No verified runs in the week of /)).toBeVisible();
});

test.describe('phone play on a 412x915 touch screen', () => {
  test.use({ viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2.625 });

  test('Full screen turns the game to landscape across the long side, sharp at the pixel ratio, buttons kept', async ({ page }) => {
    await page.goto('/games/nurse-help-me');
    await page.getByRole('button', { name: 'Start Game' }).click();
    const canvas = page.getByTestId('game-canvas');
    await expect(canvas).toBeVisible();
    expect(await canvas.evaluate((c) => c.clientWidth)).toBeLessThan(412);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await expect(page.getByRole('button', { name: 'Exit full screen' })).toBeVisible();
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ css: c.clientWidth, backing: c.width }));
    expect(size.css).toBeGreaterThanOrEqual(800);
    expect(size.backing).toBe(Math.round(size.css * 2.625));
    // Turned: on screen the canvas stands along the 915 px side.
    const box = (await canvas.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(800);
    for (const name of ['Move left', 'Move right', 'Jump']) await expect(page.getByRole('button', { name })).toBeVisible();
    await page.getByRole('button', { name: 'Exit full screen' }).click();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
    // Back in the page: the browser lays the canvas out again after it leaves full screen (on a busy machine,
    // a frame or more after the button's label changes).
    await expect.poll(() => canvas.evaluate((c) => c.clientWidth)).toBeLessThan(412);
  });

  test('the sound switch is remembered; with sound off no AudioContext is created, with it on one is, on the tap', async ({ page }) => {
    await page.addInitScript(() => {
      const Original = window.AudioContext;
      (window as any).__audioContexts = 0;
      window.AudioContext = class extends Original {
        constructor(options?: AudioContextOptions) {
          super(options);
          (window as any).__audioContexts++;
        }
      };
    });
    const contexts = () => page.evaluate(() => (window as any).__audioContexts as number);
    await page.goto('/games/nurse-help-me');
    const on = page.getByRole('button', { name: 'Sound on' });
    await expect(on).toHaveAttribute('aria-pressed', 'true');
    expect(await contexts()).toBe(0);
    await on.click();
    await expect(page.getByRole('button', { name: 'Sound off' })).toHaveAttribute('aria-pressed', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sound off' })).toBeVisible();
    await page.getByRole('button', { name: 'Start Game' }).click();
    await expect(page.getByTestId('game-canvas')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await contexts()).toBe(0);

    await page.getByRole('button', { name: 'Sound off' }).click();
    await expect(page.getByRole('button', { name: 'Sound on' })).toHaveAttribute('aria-pressed', 'true');
    expect(await contexts()).toBe(1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sound on' })).toBeVisible();
    expect(await contexts()).toBe(0);
    await page.getByRole('button', { name: 'Start Game' }).click();
    expect(await contexts()).toBe(1);
  });
});
