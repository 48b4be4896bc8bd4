import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './fixtures/hydration';
import { PASSWORD, apiRegister, registerWithForm, signedIn, unique } from './fixtures/accounts';
import { E2E_TELEGRAM_BOT } from './env.mjs';
import { insertScores } from './fixtures/insert-scores';

async function fillSignIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

test.describe('guards', () => {
  for (const path of ['/profile', '/profile/edit', '/profile/game-history']) {
    test(`${path} sends a visitor to sign in with the returnUrl`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent(path)}`);
    });
  }

  test('a signed-in user is sent from /register and /signin to /profile', async ({ page }) => {
    await signedIn(page);
    for (const path of ['/register', '/signin']) {
      await page.goto(path);
      await expect(page).toHaveURL('/profile');
    }
  });
});

test.describe('a page kept by caches', () => {
  test('is the same for everyone (no cookie, shareable) and shows a signed-in person their own header', async ({ page, request }) => {
    const account = await signedIn(page);
    // The same copy the anonymous visitor got, and the header filled in from this browser's sign-in. (A
    // publish by another spec between the two reads renders the page anew: then the pair is read again.)
    await expect(async () => {
      const shared = await request.get('/about');
      expect(shared.headers()['set-cookie']).toBeUndefined();
      expect(shared.headers()['cache-control']).toMatch(/^public, /);
      const seen = await page.goto('/about');
      expect(seen?.headers().etag).toBe(shared.headers().etag);
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId('profile-menu')).toContainText(account.user.username);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  });
});

test.describe('register', () => {
  test('shows every rule message once a field is touched and keeps the button disabled while invalid', async ({ page }) => {
    await page.goto('/register');
    // Touching a field is noticed once the form runs in the browser (ssr.spec checks what happens before).
    await hydrated(page);
    const submit = page.getByRole('button', { name: 'Sign Up' });
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Terms and Disclaimer' })).toHaveAttribute('href', '/disclaimer');
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/signin');
    await expect(page.locator('.field-error')).toHaveCount(0);

    const username = page.getByLabel('Username');
    const email = page.getByLabel('Email');
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm Password');
    const terms = page.getByLabel(/I agree to the/);

    const expectError = (text: string) => expect(page.getByText(text, { exact: true })).toBeVisible();

    // Errors appear once a field has been left (touched).
    const enter = async (field: typeof username, value: string) => {
      await field.fill(value);
      await field.blur();
    };
    await username.focus();
    await username.blur();
    await expectError('Username is required');
    const rules: Array<[typeof username, string, string]> = [
      [username, 'ab', 'Username must be at least 3 characters'],
      [username, 'u'.repeat(51), 'Username must be no more than 50 characters'],
      [email, '', 'Email is required'],
      [email, 'not-an-email', 'Please enter a valid email address'],
      [password, '', 'Password is required'],
      [password, 'Ab1!', 'Password must be at least 8 characters'],
      [password, 'abcdefgh1!', 'Password must contain uppercase, lowercase, number, and special character'],
      [confirm, '', 'Confirm Password is required'],
      [confirm, 'Different1!', 'Passwords do not match'],
    ];
    for (const [field, value, error] of rules) {
      await enter(field, value);
      await expectError(error);
    }

    await terms.focus();
    await terms.blur();
    await expectError('You must agree to the terms');

    // Show/hide on the password field.
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // Everything valid: the button is enabled.
    await username.fill(unique());
    await email.fill(`${unique()}@example.com`);
    await password.fill(PASSWORD);
    await confirm.fill(PASSWORD);
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    await expect(page.locator('.field-error')).toHaveCount(0);
  });

  test('registers, shows the success text, then lands on the profile signed in with the note', async ({ page }) => {
    const name = unique('reg');
    await registerWithForm(page, name);
    await expect(page.getByText('Registration successful! Redirecting to your profile...')).toBeVisible();
    await expect(page).toHaveURL(`/profile?registered=true&username=${name}`);
    await expect(page.getByText(`Welcome to HAIC, ${name}!`)).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const stored = await page.evaluate(() => [localStorage.getItem('userAuthToken'), JSON.parse(localStorage.getItem('currentWebUser') ?? 'null')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toMatchObject({ username: name, email: `${name}@example.com` });
  });

  test("shows the server's message when the username is taken, and the fallback otherwise", async ({ page }) => {
    const existing = await apiRegister(page);
    await page.goto('/register');
    const fill = async (username: string) => {
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Email').fill(`${unique()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm Password').fill(PASSWORD);
      await page.getByLabel(/I agree to the/).check();
      await page.getByRole('button', { name: 'Sign Up' }).click();
    };
    await fill(existing.user.username);
    await expect(page.getByRole('alert').filter({ hasText: 'Username is already taken' })).toBeVisible();
    await expect(page).toHaveURL('/register');

    await page.route('**/api/auth/register', (route) => route.fulfill({ status: 500, body: '' }));
    await fill(unique());
    await expect(page.getByText('Registration failed. Please try again.')).toBeVisible();
  });

  test('without a token in the answer it sends the user to sign in with the note and the username', async ({ page }) => {
    await page.route('**/api/auth/register', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }));
    await registerWithForm(page, 'nurse_joy', 'joy@example.com');
    await expect(page).toHaveURL('/signin?registered=true&username=nurse_joy');
    await expect(page.getByText('Registration successful! Please sign in with your new account.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('nurse_joy');
  });
});

test.describe('sign in', () => {
  test('requires both fields, with the form messages', async ({ page }) => {
    await page.goto('/signin');
    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Username').focus();
    await page.getByLabel('Password', { exact: true }).focus();
    await expect(page.getByText('Username is required')).toBeVisible();
    await page.getByLabel('Remember me').focus();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('shows the 401, unreachable and other failure texts', async ({ page }) => {
    const { user } = await apiRegister(page);
    await page.goto('/signin');
    await fillSignIn(page, user.username, 'Wrong!pass1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();

    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Unable to connect to server. Please try again later.')).toBeVisible();

    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { status: 503, message: 'Down for maintenance' } }) }),
    );
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Down for maintenance')).toBeVisible();

    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Sign in failed. Please try again.')).toBeVisible();
  });

  test('signs in, shows the success text and goes to a same-site returnUrl', async ({ page }) => {
    const { user } = await apiRegister(page);
    await page.goto('/profile/edit');
    await expect(page).toHaveURL('/signin?returnUrl=%2Fprofile%2Fedit');
    await fillSignIn(page, user.username, PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Sign in successful! Redirecting...')).toBeVisible();
    await expect(page).toHaveURL('/profile/edit');
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
  });

  test('never follows an external returnUrl', async ({ page }) => {
    const { user } = await apiRegister(page);
    await page.goto('/signin?returnUrl=https%3A%2F%2Fevil.example%2Fphish');
    await fillSignIn(page, user.username, PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/signin?returnUrl=%2F%2Fevil.example');
    await fillSignIn(page, user.username, PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('remember me stores the username, prefills it, and unchecking removes it', async ({ page }) => {
    const { user } = await apiRegister(page);
    await page.goto('/signin');
    await fillSignIn(page, user.username, PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    expect(await page.evaluate(() => localStorage.getItem('rememberedUsername'))).toBe(user.username);

    await page.getByTestId('profile-menu').getByRole('button', { name: user.username }).click();
    await page.getByTestId('profile-menu').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/signin');
    await expect(page.getByLabel('Username')).toHaveValue(user.username);
    await expect(page.getByLabel('Remember me')).toBeChecked();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Remember me').uncheck();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL('/profile');
    expect(await page.evaluate(() => localStorage.getItem('rememberedUsername'))).toBeNull();
  });

  test('registered=true shows the note and prefills the username', async ({ page }) => {
    await page.goto('/signin?registered=true&username=florence');
    await expect(page.getByText('Registration successful! Please sign in with your new account.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue('florence');
  });

  test('forgot password, the register link and the guest button', async ({ page }) => {
    await page.goto('/signin');
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => messages).toEqual(['Forgot password functionality coming soon!']);
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/register');
    await page.getByRole('button', { name: 'Play as Guest' }).click();
    await expect(page).toHaveURL('/games/nurse-help-me');
  });

  test('Sign Out clears every auth item, goes home, and ends the session on the server', async ({ page }) => {
    const { user } = await signedIn(page);
    await page.evaluate(() => {
      localStorage.setItem('authToken', 'admin-token');
      localStorage.setItem('currentUser', JSON.stringify({ id: '0', email: 'a', name: 'a', role: 'Admin' }));
    });
    const token = await page.evaluate(() => localStorage.getItem('userAuthToken'));
    const profileWith = () => page.request.get('/api/users/profile', { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status());
    expect(await profileWith()).toBe(200);
    await page.goto('/profile');
    await page.getByTestId('profile-menu').getByRole('button', { name: user.username }).click();
    await page.getByTestId('profile-menu').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    const left = await page.evaluate(() => ['authToken', 'currentUser', 'userAuthToken', 'currentWebUser'].map((key) => localStorage.getItem(key)));
    expect(left).toEqual([null, null, null, null]);
    // The token the browser held no longer works anywhere (server-side sign-out).
    await expect.poll(profileWith).toBe(401);
  });
});

test.describe('profile', () => {
  test('shows the account, member-since, stats from stored games and the links', async ({ page }) => {
    const { user } = await signedIn(page);
    insertScores(user.id, [
      { score: 500, level: 5, timeElapsed: 90, bonusPoints: 910, totalPoints: 1410, playedDate: '2026-03-01T10:00:00Z' },
      { score: 300, level: 3, timeElapsed: 200, bonusPoints: 800, totalPoints: 1100, playedDate: '2026-03-02T10:00:00Z' },
    ]);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: user.username })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    const since = new Date(user.createdDate).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
    await expect(page.getByText(`Member since ${since}`)).toBeVisible();
    await expect(page.getByTestId('stat-games')).toHaveText('2');
    await expect(page.getByTestId('stat-points')).toHaveText('2,510');
    await expect(page.getByTestId('stat-high')).toHaveText('1,410');
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/profile/edit');
    await expect(page.getByRole('link', { name: 'Game History' })).toHaveAttribute('href', '/profile/game-history');
    await expect(page.getByRole('link', { name: 'Play Nurse Help Me' })).toHaveAttribute('href', '/games/nurse-help-me');
  });

  test('linking: a code with the command and bot, mm:ss countdown, auto-copy, then Expired', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedIn(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Generate Linking Code' }).click();
    const code = page.getByTestId('linking-code');
    await expect(code).toHaveText(/^[A-Z2-9]{8}$/);
    const value = (await code.textContent())!;
    await expect(page.getByText(`/link ${value}`)).toBeVisible();
    await expect(page.getByRole('link', { name: `@${E2E_TELEGRAM_BOT}` })).toHaveAttribute('href', `https://t.me/${E2E_TELEGRAM_BOT}`);
    await expect(page.getByTestId('linking-countdown')).toHaveText(/^00:0[0-5]$/);
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(value);
    // A new code may be generated while one is shown.
    await expect(page.getByRole('button', { name: 'Generate New Code' })).toBeEnabled();
    // The test server's codes live 5 s.
    await expect(page.getByText('Expired', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId('linking-code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Generate Linking Code' })).toBeEnabled();
  });

  test('linking: copy and generation failures alert their texts', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    });
    await signedIn(page);
    await page.goto('/profile');
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Generate Linking Code' }).click();
    const value = (await page.getByTestId('linking-code').textContent())!;
    await expect.poll(() => messages).toEqual([`Failed to copy. Please copy manually: ${value}`]);

    await page.route('**/generate-linking-code', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Generate New Code' }).click();
    await expect.poll(() => messages.length).toBe(2);
    expect(messages[1]).toBe('Failed to generate linking code. Please try again.');
  });

  test('linking through the bot shows the linked account, and unlink asks first', async ({ page, request }) => {
    const { user } = await signedIn(page);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Generate Linking Code' }).click();
    const value = (await page.getByTestId('linking-code').textContent())!;
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 0,
        chat: { id: 880001, type: 'private' },
        from: { id: 880001, is_bot: false, first_name: 'N', username: 'e2e_nurse' },
        text: `/link ${value}`,
      },
    };
    const response = await request.post('/api/telegram/webhook', { data: update, headers: { 'X-Telegram-Bot-Api-Secret-Token': 'e2e-telegram-secret' } });
    expect(response.status()).toBe(200);
    await expect(page.getByText('@e2e_nurse')).toBeVisible();
    await expect(page.getByRole('button', { name: /Generate/ })).toHaveCount(0);

    // Declining the confirmation keeps the link.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to unlink your Telegram account?');
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Unlink Telegram' }).click();
    await expect(page.getByText('@e2e_nurse')).toBeVisible();

    // A failed unlink alerts and keeps the link.
    await page.route('**/unlink-telegram', (route) => route.fulfill({ status: 500, body: '' }));
    const seen: string[] = [];
    const handler = (dialog: import('@playwright/test').Dialog) => {
      seen.push(dialog.message());
      void dialog.accept();
    };
    page.on('dialog', handler);
    await page.getByRole('button', { name: 'Unlink Telegram' }).click();
    await expect.poll(() => seen).toEqual(['Are you sure you want to unlink your Telegram account?', 'Failed to unlink Telegram account. Please try again.']);
    await page.unroute('**/unlink-telegram');

    await page.getByRole('button', { name: 'Unlink Telegram' }).click();
    await expect(page.getByRole('button', { name: 'Generate Linking Code' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Generate Linking Code' })).toBeVisible();
    expect(user.id).toBeGreaterThan(0);
  });
});

test.describe('edit profile', () => {
  test('loads, enforces the limits, saves, confirms and returns to the profile', async ({ page }) => {
    await signedIn(page);
    await page.goto('/profile/edit');
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText('Update your personal information')).toBeVisible();
    const save = page.getByRole('button', { name: 'Save Changes' });
    const bio = page.getByLabel('Bio');
    await expect(bio).toHaveAttribute('rows', '4');
    await expect(page.getByTestId('bio-counter')).toHaveText('0/500 characters');

    await page.getByLabel('First Name').fill('f'.repeat(101));
    await expect(page.getByText('First Name must be no more than 100 characters')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.getByLabel('First Name').fill('Florence');
    await page.getByLabel('Last Name').fill('l'.repeat(101));
    await expect(page.getByText('Last Name must be no more than 100 characters')).toBeVisible();
    await page.getByLabel('Last Name').fill('Nightingale');
    await bio.fill('b'.repeat(501));
    await expect(page.getByTestId('bio-counter')).toHaveText('501/500 characters');
    await expect(page.getByText('Bio must be no more than 500 characters')).toBeVisible();
    await expect(save).toBeDisabled();
    await bio.fill('Lady with the lamp.');
    await expect(page.getByTestId('bio-counter')).toHaveText('19/500 characters');
    await expect(save).toBeEnabled();

    await save.click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page).toHaveURL('/profile');

    await page.goto('/profile/edit');
    await expect(page.getByLabel('First Name')).toHaveValue('Florence');
    await expect(page.getByLabel('Last Name')).toHaveValue('Nightingale');
    await expect(bio).toHaveValue('Lady with the lamp.');
  });

  test('a failed save shows the error and re-enables the form; Cancel returns to the profile', async ({ page }) => {
    await signedIn(page);
    await page.route('**/api/users/profile', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.continue()));
    await page.goto('/profile/edit');
    await page.getByLabel('First Name').fill('Mary');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Failed to save profile. Please try again.')).toBeVisible();
    await expect(page.getByLabel('First Name')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('a failed load shows its text', async ({ page }) => {
    await signedIn(page);
    await page.route('**/api/users/profile', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/profile/edit');
    await expect(page.getByText('Failed to load profile')).toBeVisible();
  });
});

test.describe('game history', () => {
  test('without games: the empty state and the way to play', async ({ page }) => {
    await signedIn(page);
    await page.goto('/profile/game-history');
    await expect(page.getByRole('heading', { name: 'Game History' })).toBeVisible();
    await expect(page.getByText('Your Nurse Help Me! gameplay records')).toBeVisible();
    await expect(page.getByText('Total Games Played')).toBeVisible();
    await expect(page.getByTestId('total-games')).toHaveText('0');
    await expect(page.getByText('No games played yet')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Play Nurse Help Me!' })).toHaveAttribute('href', '/games/nurse-help-me');
    await expect(page.getByRole('navigation', { name: 'Game history pages' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Profile' }).click();
    await expect(page).toHaveURL('/profile');
  });

  test('a failed load shows its text', async ({ page }) => {
    await signedIn(page);
    await page.route('**/game-history?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/profile/game-history');
    await expect(page.getByText('Failed to load game history')).toBeVisible();
  });

  test('85 games: the table, newest first, and the page window at pages 1, 3 and 9', async ({ page }) => {
    const { user } = await signedIn(page);
    const start = Date.UTC(2026, 0, 1, 9, 0, 0);
    const games = Array.from({ length: 85 }, (_, i) => ({
      score: 100 * ((i % 10) + 1),
      level: (i % 10) + 1,
      timeElapsed: 60 + i,
      bonusPoints: 900 - i,
      totalPoints: 100 * ((i % 10) + 1) + 900 - i,
      playedDate: new Date(start + i * 3_600_000).toISOString(),
    }));
    insertScores(user.id, games);
    await page.goto('/profile/game-history');
    await expect(page.getByTestId('total-games')).toHaveText('85');

    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(page.locator('thead th')).toHaveText(['Date', 'Level', 'Score', 'Bonus', 'Total Points', 'Time']);
    const newest = games[84];
    const expectedDate = await page.evaluate(
      (iso) => new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
      newest.playedDate,
    );
    await expect(rows.first().locator('td')).toHaveText([expectedDate, '5', '500', '+816', '1,316', '2:24']);
    expect(expectedDate).toMatch(/^\d{1,2}\/\d{1,2}\/2026, \d{1,2}:\d{2} (AM|PM)$/);
    // Alternating row backgrounds.
    const backgrounds = await rows.evaluateAll((trs) => trs.slice(0, 2).map((tr) => getComputedStyle(tr).backgroundColor));
    expect(backgrounds[0]).not.toBe(backgrounds[1]);

    const pager = page.getByRole('navigation', { name: 'Game history pages' });
    const numbers = pager.getByRole('button', { name: /^Page \d+$/ });
    const previous = pager.getByRole('button', { name: 'Previous' });
    const next = pager.getByRole('button', { name: 'Next' });

    await expect(numbers).toHaveText(['1', '2', '3', '4', '5']);
    await expect(pager.locator('[aria-current="page"]')).toHaveText('1');
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(pager.locator('[aria-current="page"]')).toHaveText('3');
    await expect(numbers).toHaveText(['1', '2', '3', '4', '5']);
    await expect(rows.first().locator('td').nth(5)).toHaveText(formatTime(games[84 - 20].timeElapsed));
    await expect(previous).toBeEnabled();

    await pager.getByRole('button', { name: 'Page 5' }).click();
    await expect(numbers).toHaveText(['3', '4', '5', '6', '7']);
    await pager.getByRole('button', { name: 'Page 7' }).click();
    await expect(numbers).toHaveText(['5', '6', '7', '8', '9']);
    await pager.getByRole('button', { name: 'Page 9' }).click();
    await expect(pager.locator('[aria-current="page"]')).toHaveText('9');
    await expect(numbers).toHaveText(['5', '6', '7', '8', '9']);
    await expect(next).toBeDisabled();
    await expect(rows).toHaveCount(5);
    await expect(rows.last().locator('td').nth(3)).toHaveText('+900');

    await previous.click();
    await expect(pager.locator('[aria-current="page"]')).toHaveText('8');
    await expect(next).toBeEnabled();
  });
});

function formatTime(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
