import { expect, test, type Page } from '@playwright/test';

// Each test stands alone (its own page, nothing shared): spread over the workers, so no worker is left with a
// long file at the end of the run.
test.describe.configure({ mode: 'parallel' });

/** The home page with a web user (a made-up token) stored as signed in, as the sign-in page stores one. */
async function signInAs(page: Page, username: string) {
  await page.goto('/');
  await page.evaluate((username) => {
    localStorage.setItem('userAuthToken', 'token-123');
    localStorage.setItem('currentWebUser', JSON.stringify({ id: 7, username, email: 'jane@example.com', createdDate: '2026-01-05T10:00:00Z' }));
  }, username);
  await page.reload();
}

const PUBLIC_ROUTES: Array<[string, RegExp]> = [
  ['/', /.+/],
  ['/blog', /Blog/],
  ['/games', /Games/],
  ['/games/nurse-help-me', /Nurse Help Me/],
  ['/haic-token', /HAIC Token/],
  ['/nft-art', /NFT Art/],
  ['/leaderboard', /Leaderboard/],
  ['/about', /About/],
  ['/about-haic', /About HAIC/],
  ['/team', /Team/],
  ['/whitepaper', /Whitepaper/],
  ['/medical-professionals', /Medical Professionals/],
  ['/news', /News/],
  ['/images', /Images/],
  ['/contact', /Contact/],
  ['/disclaimer', /Disclaimer/],
  ['/login', /Admin Login/],
  ['/register', /Sign Up/],
  ['/signin', /Sign In/],
];

test.describe('routes', () => {
  for (const [route, title] of PUBLIC_ROUTES) {
    test(`${route} renders with the product name in its title`, async ({ page }) => {
      await page.goto(route);
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page).toHaveTitle(/ - HAIC$/);
      await expect(page).toHaveTitle(title);
    });
  }

  test('the games placeholder says what will appear there; the leaderboard shows its board', async ({ page }) => {
    await page.goto('/games');
    await expect(page.getByText('Web games and integrations will appear here.')).toBeVisible();
    await page.goto('/leaderboard');
    await expect(page.getByRole('tablist', { name: 'Leaderboard period' })).toBeVisible();
  });

  test('protected web-user pages send a visitor to sign in with a returnUrl', async ({ page }) => {
    for (const route of ['/profile', '/profile/edit', '/profile/game-history']) {
      await page.goto(route);
      await expect(page).toHaveURL(`/signin?returnUrl=${encodeURIComponent(route)}`);
      await expect(page).toHaveTitle(/Sign In - HAIC$/);
    }
  });

  test('admin pages send a visitor to the admin login', async ({ page }) => {
    for (const route of ['/admin', '/admin/news', '/admin/blog']) {
      await page.goto(route);
      await expect(page).toHaveURL('/login');
    }
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found - HAIC');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('reloading a deep link gets the site, not a Strapi error', async ({ page }) => {
    // /admin/users is linked from the admin sidebar but is no screen of the site: its 404 page.
    for (const [route, status] of [
      ['/profile/game-history', 200],
      ['/admin/news', 200],
      ['/admin/users', 404],
    ] as const) {
      const response = await page.goto(route);
      expect(response?.status()).toBe(status);
      expect(response?.headers()['content-type']).toContain('text/html');
      await page.reload();
      await expect(page.locator('header').first()).toBeVisible();
      await expect(page.getByText('"error"')).toHaveCount(0);
    }
  });
});

test.describe('desktop navigation', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** The home page's Learn More dropdown, once the page is interactive (its toggle says so). */
  const learnMore = async (page: Page) => {
    await page.goto('/');
    const dropdown = page.getByTestId('nav-learn-more');
    const toggle = dropdown.getByRole('button', { name: 'Learn More' });
    await expect(toggle).toBeEnabled();
    return { dropdown, toggle };
  };

  test('a dropdown opens on hover and closes 200 ms after the pointer leaves', async ({ page }) => {
    await page.goto('/');
    const dropdown = page.getByTestId('nav-digital-assets');
    const item = dropdown.getByRole('link', { name: 'HAIC Token' });
    await expect(item).toBeHidden();
    // The menu's own behaviour starts once the page is interactive (the toggle says so).
    await expect(dropdown.getByRole('button', { name: 'Digital Assets' })).toBeEnabled();
    await dropdown.getByRole('button', { name: 'Digital Assets' }).hover();
    await expect(item).toBeVisible();

    // Measured in the page, so a slow test machine cannot blur it: from the pointer leaving to the menu
    // hiding. The watch is in place before the pointer moves.
    await dropdown.evaluate((root) => {
      const menu = root.querySelector('div[id]') as HTMLElement;
      let left = 0;
      root.addEventListener('mouseleave', () => (left = performance.now()), { once: true });
      (window as unknown as { closeDelay: Promise<number> }).closeDelay = new Promise<number>((resolve) => {
        new MutationObserver((_, observer) => {
          if (menu.hidden) {
            observer.disconnect();
            resolve(performance.now() - left);
          }
        }).observe(menu, { attributes: true, attributeFilter: ['hidden'] });
      });
    });
    await page.mouse.move(5, 700);
    await expect(item).toBeHidden({ timeout: 2000 });
    const delay = await page.evaluate(() => (window as unknown as { closeDelay: Promise<number> }).closeDelay);
    expect(delay).toBeGreaterThanOrEqual(195);
  });

  test('coming back within 200 ms keeps the dropdown open', async ({ page }) => {
    const { dropdown, toggle } = await learnMore(page);
    await toggle.hover();
    await page.mouse.move(5, 700);
    await toggle.hover();
    await page.waitForTimeout(300);
    await expect(dropdown.getByRole('link', { name: 'Whitepaper' })).toBeVisible();
  });

  test('a click toggles the dropdown', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByTestId('nav-digital-assets').getByRole('button', { name: 'Digital Assets' });
    const item = page.getByTestId('nav-digital-assets').getByRole('link', { name: 'NFT Art' });
    await toggle.click();
    await expect(item).toBeVisible();
    await toggle.click();
    await expect(item).toBeHidden();
    await toggle.click();
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL('/nft-art');
    await expect(item).toBeHidden();
  });

  test('the keyboard works the dropdown too', async ({ page }) => {
    const { dropdown, toggle } = await learnMore(page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dropdown.getByRole('link', { name: 'About HAIC' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/about-haic');
  });

  test('the external Nurse Help Me site link opens in a new tab', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('nav-learn-more').getByRole('button', { name: 'Learn More' }).hover();
    const link = page.getByTestId('nav-learn-more').getByRole('link', { name: /Nurse Help Me \(Site\)/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  });

  test('a visitor sees Sign In and Sign Up', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  });

  test('a signed-in user sees the profile menu headed by the username, and Sign Out clears the session', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('userAuthToken', 'token-123');
      localStorage.setItem('currentWebUser', JSON.stringify({ id: 7, username: 'nurse_jane', email: 'jane@example.com', createdDate: '2026-01-05T10:00:00Z' }));
      localStorage.setItem('authToken', 'admin-token');
      localStorage.setItem('currentUser', JSON.stringify({ id: '0', email: 'admin', name: 'admin', role: 'Admin' }));
    });
    await page.goto('/about-haic');
    const menu = page.getByTestId('profile-menu');
    await menu.getByRole('button', { name: 'nurse_jane' }).click();
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    const stored = await page.evaluate(() => ['authToken', 'currentUser', 'userAuthToken', 'currentWebUser'].map((key) => localStorage.getItem(key)));
    expect(stored).toEqual([null, null, null, null]);
    await expect(page.locator('header').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('the profile menu reads Profile when the user has no username', async ({ page }) => {
    await signInAs(page, '');
    await expect(page.getByTestId('profile-menu').getByRole('button', { name: 'Profile' })).toBeVisible();
  });
});

test.describe('mobile navigation', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the hamburger menu has collapsible sections and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('nav-digital-assets')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'HAIC Token' })).toHaveCount(0);

    await menu.getByRole('button', { name: 'Digital Assets' }).click();
    await menu.getByRole('button', { name: 'Learn More' }).click();
    await expect(menu.getByRole('link', { name: 'HAIC Token' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Whitepaper' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await menu.getByRole('link', { name: 'Whitepaper' }).click();
    await expect(page).toHaveURL('/whitepaper');
    await expect(menu).toBeHidden();

    // Opening it again starts with both sections collapsed.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'HAIC Token' })).toHaveCount(0);
  });

  test('a signed-in user sees who is signed in at the bottom of the menu', async ({ page }) => {
    await signInAs(page, 'nurse_jane');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByText('Signed in as')).toBeVisible();
    await expect(menu.getByText('nurse_jane')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/');
    await expect(menu).toBeHidden();
  });
});

test('every completed navigation scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.locator('footer').getByRole('link', { name: 'Disclaimer' }).click();
  await expect(page).toHaveURL('/disclaimer');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the footer has its groups, outside links and the copyright line', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  for (const heading of ['Digital Assets', 'Learn More', 'Medical', 'Contact']) {
    await expect(footer.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'For Professionals' })).toHaveAttribute('href', '/medical-professionals');
  await expect(footer.getByRole('link', { name: 'Telegram channel' })).toHaveAttribute('target', '_blank');
  await expect(footer.getByText(`© ${new Date().getFullYear()} HAIC. All rights reserved.`)).toBeVisible();
});
