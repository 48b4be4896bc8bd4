/**
 * Prove your wallet, in the browser: the manual signing path on /profile links an address and the
 * badge shows on /leaderboard (the address only once made public); the GemWallet and Crossmark buttons go
 * through their official packages to a stand-in for the extension's side only (its messages, answered in the
 * page, signed with a key these tests make with ripple-keypairs).
 */
import { expect, test, type Page } from '@playwright/test';
import { deriveAddress, deriveKeypair, generateSeed, sign } from 'ripple-keypairs';
import { signedIn } from './fixtures/accounts';
import { WCAG_22_AA, axeViolations } from './fixtures/axe';
import { insertWeekRuns } from './fixtures/insert-board';

const hexOf = (text: string) => Buffer.from(text, 'utf8').toString('hex').toUpperCase();

function newWallet(algorithm: 'ecdsa-secp256k1' | 'ed25519') {
  const keys = deriveKeypair(generateSeed({ algorithm }));
  return { ...keys, address: deriveAddress(keys.publicKey) };
}

/** The page's scripts so far that hold `needle` (an SDK's own message name): what the browser has downloaded. */
function scriptsWatcher(page: Page) {
  // Each script's text, read as it arrives (a page's bodies are gone once the browser leaves it).
  const scripts: Array<Promise<{ url: string; text: string }>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response.text().then(
        (text) => ({ url: response.url(), text }),
        () => ({ url: response.url(), text: '' }),
      ),
    );
  });
  return async (needle: string) => (await Promise.all(scripts)).filter((script) => script.text.includes(needle)).map((script) => script.url);
}

/** A signed-in player with a verified all-time run (so a row on the board, and a run page). */
async function playerOnTheBoard(page: Page) {
  const account = await signedIn(page);
  const [runId] = insertWeekRuns(
    'all',
    [{ userId: account.user.id, totalPoints: 8_000_000 + Math.floor(Math.random() * 100_000), playedDate: new Date() }],
    'all',
  );
  return { ...account, runId };
}

test('the manual path: the exact message, signed elsewhere, links the address; the badge shows on the board, the address once public', async ({ browser }) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  const account = await playerOnTheBoard(page);
  const keys = newWallet('ecdsa-secp256k1');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'XRPL wallet' });
  await expect(section).toContainText('We never ask for your secret key, seed or recovery phrase');

  await section.getByRole('button', { name: 'Sign with another wallet' }).click();
  const shown = section.getByTestId('wallet-message');
  await expect(shown).toContainText('wants you to link your XRPL account');
  const message = (await shown.textContent())!;
  await section.getByRole('button', { name: 'Copy message' }).click();
  await expect(section.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(message);

  // What a wallet that signs messages gives back (signed here, off the page: the site never sees a key).
  await section.getByLabel('XRPL address').fill(keys.address);
  await section.getByLabel('Public key').fill(keys.publicKey);
  await section.getByLabel('Signature').fill(sign(hexOf(message), keys.privateKey));
  await section.getByRole('button', { name: 'Link wallet' }).click();
  await expect(section.getByTestId('wallet-address')).toHaveText(keys.address);
  const identity = page.getByRole('region', { name: 'Account', exact: true });
  await expect(identity.getByRole('img', { name: 'Verified XRPL wallet' })).toBeVisible();

  await page.goto('/leaderboard');
  const row = page.getByRole('row').filter({ hasText: account.user.username });
  await expect(row.getByRole('img', { name: 'Verified XRPL wallet' })).toBeVisible();
  await expect(row).not.toContainText(keys.address.slice(0, 5));

  // Made public on the profile: the board shows the address beside the name.
  await page.goto('/profile');
  await page.getByRole('checkbox', { name: 'Show my address beside my name (leaderboard and runs)' }).check();
  await expect(page.getByRole('checkbox', { name: 'Show my address beside my name (leaderboard and runs)' })).toBeChecked();
  await expect(identity.getByTitle(keys.address)).toBeVisible();
  expect(await axeViolations(page, { tags: WCAG_22_AA })).toEqual([]);
  await page.goto('/leaderboard');
  await expect(row.getByTitle(keys.address)).toHaveText(`${keys.address.slice(0, 5)}…${keys.address.slice(-5)}`);
  await expect(row.getByRole('img', { name: 'Verified XRPL wallet' })).toBeVisible();
  expect(await axeViolations(page, { tags: WCAG_22_AA })).toEqual([]);
  // The run's page, rendered by the server, names the address in full.
  await page.goto(`/runs/${account.runId}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading.getByRole('img', { name: 'Verified XRPL wallet' })).toBeVisible();
  await expect(heading.getByTitle(keys.address)).toHaveText(keys.address);
  await context.close();
});

test('a signature of another text is refused by the field, and nothing is linked', async ({ page }) => {
  await signedIn(page);
  const keys = newWallet('ed25519');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'XRPL wallet' });
  await section.getByRole('button', { name: 'Sign with another wallet' }).click();
  await expect(section.getByTestId('wallet-message')).toBeVisible();
  await section.getByLabel('XRPL address').fill(keys.address);
  await section.getByLabel('Public key').fill(keys.publicKey);
  await section.getByLabel('Signature').fill(sign(hexOf('something else'), keys.privateKey));
  await section.getByRole('button', { name: 'Link wallet' }).click();
  await expect(section.getByText('The signature does not sign this account’s challenge with this key')).toBeVisible();
  await expect(section.getByTestId('wallet-address')).toHaveCount(0);
});

test('GemWallet: the button asks the extension for the key and the signature, and links the address', async ({ page }) => {
  const keys = newWallet('ed25519');
  const downloaded = scriptsWatcher(page);
  await page.exposeFunction('__gemWalletSigns', (text: string) => sign(hexOf(text), keys.privateKey));
  // The extension's side: its content script answers @gemwallet/api's messages in the page.
  await page.addInitScript(
    ({ address, publicKey }) => {
      window.addEventListener('message', async (event) => {
        const request = event.data;
        if (event.source !== window || request?.source !== 'GEM_WALLET_MSG_REQUEST') return;
        const reply = (answer: object) =>
          window.postMessage({ source: 'GEM_WALLET_MSG_RESPONSE', messagedId: request.messageId, ...answer }, window.location.origin);
        (window as unknown as { __gemWalletAsked: string[] }).__gemWalletAsked = [
          ...((window as unknown as { __gemWalletAsked?: string[] }).__gemWalletAsked ?? []),
          request.type,
        ];
        if (request.type === 'REQUEST_IS_INSTALLED/V3') reply({ isInstalled: true });
        if (request.type === 'REQUEST_GET_PUBLIC_KEY/V3') reply({ result: { address, publicKey } });
        if (request.type === 'REQUEST_SIGN_MESSAGE/V3') {
          const signs = (window as unknown as { __gemWalletSigns: (text: string) => Promise<string> }).__gemWalletSigns;
          reply({ result: { signedMessage: await signs(request.payload.message) } });
        }
      });
    },
    { address: keys.address, publicKey: keys.publicKey },
  );
  await signedIn(page);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'XRPL wallet' });
  await expect(section.getByRole('button', { name: 'Sign with GemWallet' })).toBeEnabled();
  // The package is downloaded only when the button is pressed.
  expect(await downloaded('GEM_WALLET_MSG_REQUEST')).toEqual([]);
  await section.getByRole('button', { name: 'Sign with GemWallet' }).click();
  await expect(section.getByTestId('wallet-address')).toHaveText(keys.address);
  expect(await downloaded('GEM_WALLET_MSG_REQUEST')).toHaveLength(1);
  const asked = await page.evaluate(() => (window as unknown as { __gemWalletAsked: string[] }).__gemWalletAsked);
  expect(asked).toEqual(['REQUEST_IS_INSTALLED/V3', 'REQUEST_GET_PUBLIC_KEY/V3', 'REQUEST_SIGN_MESSAGE/V3']);
});

test('Crossmark: the button signs in with the message’s hex through the extension, and links the address', async ({ page }) => {
  const keys = newWallet('ecdsa-secp256k1');
  const downloaded = scriptsWatcher(page);
  await page.exposeFunction('__crossmarkSigns', (hex: string) => sign(hex, keys.privateKey));
  // The extension's side: it marks the page (window.xrpl.isCrossmark) and answers @crossmarkio/sdk's requests.
  await page.addInitScript(
    ({ address, publicKey }) => {
      (window as unknown as { xrpl: object }).xrpl = { isCrossmark: true };
      window.addEventListener('message', async (event) => {
        const request = event.data;
        if (event.source !== window || request?.type !== 'request' || request.command !== 'sign' || request.data?.tx?.TransactionType !== 'SignIn') return;
        (window as unknown as { __crossmarkHex: string }).__crossmarkHex = request.data.hex;
        const signs = (window as unknown as { __crossmarkSigns: (hex: string) => Promise<string> }).__crossmarkSigns;
        const signature = await signs(request.data.hex);
        const meta = {
          isError: false,
          isRejected: false,
          isExpired: false,
          isSigned: true,
          isPending: false,
          isSuccess: true,
          isFail: false,
          isVerified: true,
        };
        const response = { app: request.app, type: 'response', id: request.id, data: { address, publicKey, signature, meta } };
        window.postMessage({ type: 'response', app: request.app, request, response, createdAt: Date.now(), resolvedAt: Date.now() }, window.location.origin);
      });
    },
    { address: keys.address, publicKey: keys.publicKey },
  );
  await signedIn(page);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'XRPL wallet' });
  await expect(section.getByRole('button', { name: 'Sign with Crossmark' })).toBeEnabled();
  expect(await downloaded('isCrossmark')).toEqual([]);
  await section.getByRole('button', { name: 'Sign with Crossmark' }).click();
  await expect(section.getByTestId('wallet-address')).toHaveText(keys.address);
  expect(await downloaded('isCrossmark')).toHaveLength(1);
  const hex = await page.evaluate(() => (window as unknown as { __crossmarkHex: string }).__crossmarkHex);
  expect(Buffer.from(hex, 'hex').toString('utf8')).toMatch(/ wants you to link your XRPL account to your account on this site\.\n/);
});

test('without the extensions, each button says it is not installed', async ({ page }) => {
  await signedIn(page);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'XRPL wallet' });
  await section.getByRole('button', { name: 'Sign with GemWallet' }).click();
  await expect(section.getByRole('alert')).toContainText('GemWallet is not installed in this browser');
  await section.getByRole('button', { name: 'Sign with Crossmark' }).click();
  await expect(section.getByRole('alert')).toContainText('Crossmark is not installed in this browser');
});
