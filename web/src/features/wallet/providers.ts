/**
 * Signing the challenge in a browser wallet, through the wallets' official packages, downloaded only when
 * the player presses the wallet's button. Both sign the hex of the text's UTF-8 bytes with the account's key
 * (GemWallet hexes the text itself; Crossmark is given the hex), which is what the server checks.
 */
import type { WalletLinkRequest } from '@haic/contract';
import { SERVER_BUILD } from '../../lib/env';

export type BrowserWallet = 'GemWallet' | 'Crossmark';

/** A wallet that is missing or declined: its message is for the player. */
export class WalletProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WalletProviderError';
  }
}

export const PROVIDER_TEXTS = {
  notInstalled: (wallet: BrowserWallet) =>
    `${wallet} is not installed in this browser (or is locked). Install it from ${wallet === 'GemWallet' ? 'gemwallet.app' : 'crossmark.io'}, or sign with another wallet.`,
  declined: (wallet: BrowserWallet) => `The request was declined in ${wallet}. Nothing was linked.`,
};

/**
 * The packages, downloaded when a button is pressed. The server's renderer leaves them out (a wallet signs in
 * the browser only; Crossmark's package starts watching for its extension as soon as it is loaded).
 */
const SERVER_SIDE = () => Promise.reject(new Error('Wallets sign in the browser only'));
const loadGemWallet = () => (SERVER_BUILD ? SERVER_SIDE() : import('@gemwallet/api'));
const loadCrossmark = () => (SERVER_BUILD ? SERVER_SIDE() : import('@crossmarkio/sdk'));

/** Crossmark waits this long for its extension to show itself. */
const DETECT_MS = 1500;

/** The hex of a text's UTF-8 bytes. */
export function utf8Hex(text: string): string {
  return Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase();
}

async function signWithGemWallet(message: string): Promise<WalletLinkRequest> {
  const gem = await loadGemWallet();
  if (!(await gem.isInstalled()).result.isInstalled) throw new WalletProviderError(PROVIDER_TEXTS.notInstalled('GemWallet'));
  const account = await gem.getPublicKey();
  if (account.type !== 'response' || !account.result) throw new WalletProviderError(PROVIDER_TEXTS.declined('GemWallet'));
  const signed = await gem.signMessage(message);
  if (signed.type !== 'response' || !signed.result?.signedMessage) throw new WalletProviderError(PROVIDER_TEXTS.declined('GemWallet'));
  return { address: account.result.address, publicKey: account.result.publicKey, signature: signed.result.signedMessage };
}

async function signWithCrossmark(message: string): Promise<WalletLinkRequest> {
  const imported = await loadCrossmark();
  // The package's default export is its ready instance (a CommonJS build: some bundlers wrap it once more).
  const sdk = 'async' in imported.default ? imported.default : (imported.default as unknown as { default: typeof imported.default }).default;
  if (!(await sdk.async.detect(DETECT_MS))) throw new WalletProviderError(PROVIDER_TEXTS.notInstalled('Crossmark'));
  const { response } = await sdk.async.signInAndWait(utf8Hex(message));
  const data = response?.data;
  if (!data?.signature || !data.address || !data.publicKey) throw new WalletProviderError(PROVIDER_TEXTS.declined('Crossmark'));
  return { address: data.address, publicKey: data.publicKey, signature: data.signature };
}

/** The address, public key and signature of the challenge's text, from the chosen browser wallet. */
export function signInBrowserWallet(wallet: BrowserWallet, message: string): Promise<WalletLinkRequest> {
  return wallet === 'GemWallet' ? signWithGemWallet(message) : signWithCrossmark(message);
}
