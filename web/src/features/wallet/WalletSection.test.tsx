import { act, fireEvent, render, screen, within } from '@testing-library/react';
import type { WalletStatus } from '@haic/contract';
import { ApiError } from '../../lib/api';
import { walletApi } from './api';
import { WalletProviderError, signInBrowserWallet } from './providers';
import { useWalletLink } from './useWalletLink';
import { NEVER_ASKED, WalletSection } from './WalletSection';

jest.mock('./api', () => ({ walletApi: { status: jest.fn(), challenge: jest.fn(), link: jest.fn(), setPublic: jest.fn(), unlink: jest.fn() } }));
jest.mock('./providers', () => ({ ...jest.requireActual('./providers'), signInBrowserWallet: jest.fn() }));

const api = walletApi as jest.Mocked<typeof walletApi>;
const sign = signInBrowserWallet as jest.MockedFunction<typeof signInBrowserWallet>;
const flush = () => act(async () => {});
const ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const KEY = `ED${'A'.repeat(64)}`;
const SIGNATURE = 'B'.repeat(128);
const MESSAGE = 'haic.example wants you to link your XRPL account to your account on this site.\n\nNonce: 0123456789abcdef0123456789abcdef';
const NONE: WalletStatus = { address: null, verifiedAt: null, addressPublic: false };
const LINKED: WalletStatus = {
  address: ADDRESS,
  verifiedAt: '2026-11-28T10:00:00.000Z',
  addressPublic: false,
  holder: true,
  holderBalance: '1250.5',
  holderCheckedAt: '2026-11-28T10:01:00.000Z',
};
const refusal = (status: number, message: string, field?: string) =>
  new ApiError(status, message, message, { error: { status, message, details: field ? { errors: [{ path: [field], message }] } : {} } });

function Section() {
  return <WalletSection link={useWalletLink(7)} />;
}

beforeEach(() => {
  api.status.mockResolvedValue(NONE);
  api.challenge.mockResolvedValue({ message: MESSAGE, expiresAt: '2026-11-28T10:05:00.000Z' });
  api.link.mockResolvedValue(LINKED);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  jest.resetAllMocks();
  jest.restoreAllMocks();
});

it('says the site never asks for a secret key or seed, and offers GemWallet, Crossmark and another wallet', async () => {
  render(<Section />);
  await flush();
  expect(screen.getByRole('region', { name: 'XRPL wallet' })).toHaveTextContent(NEVER_ASKED);
  expect(screen.getByText('Never share your secret key or seed.')).toBeInTheDocument();
  for (const name of ['Sign with GemWallet', 'Sign with Crossmark', 'Sign with another wallet']) expect(screen.getByRole('button', { name })).toBeEnabled();
});

it.each(['GemWallet', 'Crossmark'] as const)('%s: signs the challenge in the wallet and links what it gave back', async (wallet) => {
  sign.mockResolvedValue({ address: ADDRESS, publicKey: KEY, signature: SIGNATURE });
  render(<Section />);
  await flush();
  fireEvent.click(screen.getByRole('button', { name: `Sign with ${wallet}` }));
  await flush();
  expect(api.challenge).toHaveBeenCalledWith(7);
  expect(sign).toHaveBeenCalledWith(wallet, MESSAGE);
  expect(api.link).toHaveBeenCalledWith(7, { address: ADDRESS, publicKey: KEY, signature: SIGNATURE });
  expect(screen.getByTestId('wallet-address')).toHaveTextContent(ADDRESS);
  expect(screen.getByRole('img', { name: 'Verified XRPL wallet' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'HAIC holder' })).toBeInTheDocument();
  expect(screen.getByText(/^1,250\.5 HAIC \(read from the ledger/)).toBeInTheDocument();
});

it('shows why a link failed: the wallet missing, or the server’s refusal', async () => {
  sign.mockRejectedValueOnce(new WalletProviderError('GemWallet is not installed in this browser (or is locked).'));
  render(<Section />);
  await flush();
  fireEvent.click(screen.getByRole('button', { name: 'Sign with GemWallet' }));
  await flush();
  expect(screen.getByRole('alert')).toHaveTextContent('GemWallet is not installed in this browser (or is locked).');
  expect(api.link).not.toHaveBeenCalled();

  sign.mockResolvedValue({ address: ADDRESS, publicKey: KEY, signature: SIGNATURE });
  api.link.mockRejectedValueOnce(refusal(409, 'This wallet is already linked to another account'));
  fireEvent.click(screen.getByRole('button', { name: 'Sign with Crossmark' }));
  await flush();
  expect(screen.getByRole('alert')).toHaveTextContent('This wallet is already linked to another account');
  expect(screen.getByRole('button', { name: 'Sign with Crossmark' })).toBeEnabled();
});

it('another wallet: shows the exact message with a copy button, and links the pasted address, key and signature', async () => {
  Object.assign(navigator, { clipboard: { writeText: jest.fn().mockResolvedValue(undefined) } });
  render(<Section />);
  await flush();
  fireEvent.click(screen.getByRole('button', { name: 'Sign with another wallet' }));
  await flush();
  expect(screen.getByTestId('wallet-message').textContent).toBe(MESSAGE);
  fireEvent.click(screen.getByRole('button', { name: 'Copy message' }));
  await flush();
  expect(navigator.clipboard.writeText).toHaveBeenCalledWith(MESSAGE);
  expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

  const type = async (label: string, value: string) => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fireEvent.blur(screen.getByLabelText(label));
    await flush();
  };
  await type('XRPL address', 'not an address');
  expect(screen.getByText('XRPL address must be a classic address (r…)')).toBeInTheDocument();
  await type('XRPL address', ` ${ADDRESS} `);
  await type('Public key', KEY);
  await type('Signature', SIGNATURE);
  api.link.mockRejectedValueOnce(refusal(400, 'The signature does not sign this account’s challenge with this key', 'signature'));
  fireEvent.click(screen.getByRole('button', { name: 'Link wallet' }));
  await flush();
  expect(api.link).toHaveBeenLastCalledWith(7, { address: ADDRESS, publicKey: KEY, signature: SIGNATURE });
  expect(screen.getByText('The signature does not sign this account’s challenge with this key')).toBeInTheDocument();

  // The corrected signature links.
  await type('Signature', 'C'.repeat(128));
  fireEvent.click(screen.getByRole('button', { name: 'Link wallet' }));
  await flush();
  expect(api.link).toHaveBeenLastCalledWith(7, { address: ADDRESS, publicKey: KEY, signature: 'C'.repeat(128) });
  expect(screen.getByTestId('wallet-address')).toHaveTextContent(ADDRESS);
  expect(screen.queryByTestId('wallet-message')).toBeNull();
});

it('linked: shows the address on request, and unlinks after confirmation', async () => {
  api.status.mockResolvedValue(LINKED);
  api.setPublic.mockResolvedValue({ ...LINKED, addressPublic: true });
  api.unlink.mockResolvedValue(null);
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  render(<Section />);
  await flush();
  const shown = screen.getByRole('checkbox', { name: 'Show my address beside my name (leaderboard and runs)' });
  expect(shown).not.toBeChecked();
  fireEvent.click(shown);
  await flush();
  expect(api.setPublic).toHaveBeenCalledWith(7, true);
  expect(shown).toBeChecked();
  // Refused: the switch goes back, and says why.
  api.setPublic.mockRejectedValueOnce(new ApiError(0, 'Network error'));
  fireEvent.click(shown);
  await flush();
  expect(shown).toBeChecked();
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to change who sees your address. Please try again.');

  fireEvent.click(screen.getByRole('button', { name: 'Unlink wallet' }));
  expect(confirm).toHaveBeenCalled();
  expect(api.unlink).not.toHaveBeenCalled();
  confirm.mockReturnValue(true);
  fireEvent.click(screen.getByRole('button', { name: 'Unlink wallet' }));
  await flush();
  expect(api.unlink).toHaveBeenCalledWith(7);
  expect(screen.queryByTestId('wallet-address')).toBeNull();
  expect(within(screen.getByRole('region', { name: 'XRPL wallet' })).queryByRole('img')).toBeNull();
});
