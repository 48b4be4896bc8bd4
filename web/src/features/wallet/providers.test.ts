import { PROVIDER_TEXTS, WalletProviderError, signInBrowserWallet, utf8Hex } from './providers';

const gem = { isInstalled: jest.fn(), getPublicKey: jest.fn(), signMessage: jest.fn() };
const crossmark = { async: { detect: jest.fn(), signInAndWait: jest.fn() } };
jest.mock('@gemwallet/api', () => gem);
jest.mock('@crossmarkio/sdk', () => ({ __esModule: true, default: crossmark }));

const ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';
const KEY = `03${'C'.repeat(64)}`;
const MESSAGE = 'haic.example wants you to link your XRPL account — café';

afterEach(() => jest.resetAllMocks());

it('hexes the text’s UTF-8 bytes (what the wallets sign)', () => {
  expect(utf8Hex('é✓')).toBe('C3A9E29C93');
  expect(utf8Hex(MESSAGE)).toBe(Buffer.from(MESSAGE, 'utf8').toString('hex').toUpperCase());
});

describe('GemWallet', () => {
  it('asks for the account’s public key, then signs the text itself', async () => {
    gem.isInstalled.mockResolvedValue({ result: { isInstalled: true } });
    gem.getPublicKey.mockResolvedValue({ type: 'response', result: { address: ADDRESS, publicKey: KEY } });
    gem.signMessage.mockResolvedValue({ type: 'response', result: { signedMessage: 'AB'.repeat(70) } });
    await expect(signInBrowserWallet('GemWallet', MESSAGE)).resolves.toEqual({ address: ADDRESS, publicKey: KEY, signature: 'AB'.repeat(70) });
    expect(gem.signMessage).toHaveBeenCalledWith(MESSAGE);
  });

  it('says so when it is not installed, or the player declines', async () => {
    gem.isInstalled.mockResolvedValue({ result: { isInstalled: false } });
    await expect(signInBrowserWallet('GemWallet', MESSAGE)).rejects.toEqual(new WalletProviderError(PROVIDER_TEXTS.notInstalled('GemWallet')));
    gem.isInstalled.mockResolvedValue({ result: { isInstalled: true } });
    gem.getPublicKey.mockResolvedValue({ type: 'response', result: { address: ADDRESS, publicKey: KEY } });
    gem.signMessage.mockResolvedValue({ type: 'reject', result: undefined });
    await expect(signInBrowserWallet('GemWallet', MESSAGE)).rejects.toEqual(new WalletProviderError(PROVIDER_TEXTS.declined('GemWallet')));
  });
});

describe('Crossmark', () => {
  it('signs in with the text’s hex and answers the address, key and signature it gives', async () => {
    crossmark.async.detect.mockResolvedValue(true);
    crossmark.async.signInAndWait.mockResolvedValue({ response: { data: { address: ADDRESS, publicKey: KEY, signature: 'CD'.repeat(64) } } });
    await expect(signInBrowserWallet('Crossmark', MESSAGE)).resolves.toEqual({ address: ADDRESS, publicKey: KEY, signature: 'CD'.repeat(64) });
    expect(crossmark.async.signInAndWait).toHaveBeenCalledWith(utf8Hex(MESSAGE));
  });

  it('says so when it is not installed, or answers without a signature', async () => {
    crossmark.async.detect.mockResolvedValue(false);
    await expect(signInBrowserWallet('Crossmark', MESSAGE)).rejects.toEqual(new WalletProviderError(PROVIDER_TEXTS.notInstalled('Crossmark')));
    crossmark.async.detect.mockResolvedValue(true);
    crossmark.async.signInAndWait.mockResolvedValue({ response: { data: { address: ADDRESS, publicKey: KEY } } });
    await expect(signInBrowserWallet('Crossmark', MESSAGE)).rejects.toEqual(new WalletProviderError(PROVIDER_TEXTS.declined('Crossmark')));
  });
});
