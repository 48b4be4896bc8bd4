/**
 * Whether an XRPL account holds HAIC: its trust line to HAIC_ISSUER in HAIC_CURRENCY, read with the
 * JSON-RPC method `account_lines` from the rippled or Clio servers in XRPL_RPC_URLS (in order: the next
 * one when one fails), through the guarded outbound client (one deadline per request, XRPL_RPC_TIMEOUT_MS;
 * public addresses only). Without the three settings there is no holder data, and nothing is asked.
 */
import { HOLDER_BALANCE_MAX, HOLDER_BALANCE_PATTERN } from '@haic/contract';
import { outboundRequest } from '../../utils/outbound';
import { setting } from '../../utils/settings';

/** The most pages of trust lines read for one account (the `peer` filter leaves a handful at most). */
const MAX_PAGES = 5;
const MAX_ANSWER_BYTES = 1024 * 1024;

export const holdersConfigured = (): boolean => setting('XRPL_RPC_URLS').length > 0 && setting('HAIC_ISSUER') !== '' && setting('HAIC_CURRENCY') !== '';

export const isHolderBalance = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= HOLDER_BALANCE_MAX && HOLDER_BALANCE_PATTERN.test(value);

/** A currency as the ledger names it: a 3-character code as it is; a longer name as 40 hex digits (its ASCII, zero padded). */
export function ledgerCurrency(currency: string): string {
  if (/^[0-9A-Fa-f]{40}$/.test(currency)) return currency.toUpperCase();
  if (currency.length === 3) return currency;
  return Buffer.from(currency, 'ascii').toString('hex').toUpperCase().padEnd(40, '0');
}

interface TrustLine {
  account?: unknown;
  currency?: unknown;
  balance?: unknown;
}

interface AccountLinesResult {
  status?: unknown;
  error?: unknown;
  lines?: unknown;
  marker?: unknown;
}

/** One endpoint's answer for the account: the balance ('0' without a line or an account), or why it could not say. */
async function balanceAt(url: string, address: string): Promise<string> {
  const issuer = setting('HAIC_ISSUER');
  const currency = ledgerCurrency(setting('HAIC_CURRENCY'));
  let marker: unknown;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = { account: address, peer: issuer, ledger_index: 'validated', ...(marker === undefined ? {} : { marker }) };
    const response = await outboundRequest(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ method: 'account_lines', params: [params] }),
      deadlineMs: setting('XRPL_RPC_TIMEOUT_MS'),
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (response.status !== 200) throw new Error(`status ${response.status}`);
    let result: AccountLinesResult | undefined;
    try {
      result = (JSON.parse(response.body.toString('utf8')) as { result?: AccountLinesResult } | null)?.result;
    } catch {
      throw new Error('the answer is not JSON');
    }
    if (!result || typeof result !== 'object') throw new Error('the answer has no result');
    // An account that does not exist on the validated ledger holds nothing.
    if (result.error === 'actNotFound') return '0';
    if (result.status !== 'success' || !Array.isArray(result.lines))
      throw new Error(`the server answered ${typeof result.error === 'string' ? result.error.slice(0, 40) : 'no lines'}`);
    const line = (result.lines as TrustLine[]).find((l) => l?.account === issuer && typeof l.currency === 'string' && ledgerCurrency(l.currency) === currency);
    if (line) {
      if (!isHolderBalance(line.balance)) throw new Error('the trust line has no balance');
      return line.balance;
    }
    if (result.marker === undefined || result.marker === null) return '0';
    marker = result.marker;
  }
  throw new Error(`more than ${MAX_PAGES} pages of trust lines`);
}

/**
 * The account's HAIC balance from the first endpoint that answers; each failure is handed to `onFailure`
 * (for the log), and when every endpoint fails the last failure is thrown.
 */
export async function readHaicBalance(address: string, onFailure: (endpoint: string, error: Error) => void): Promise<string> {
  let last: Error = new Error('no XRPL_RPC_URLS');
  for (const url of setting('XRPL_RPC_URLS')) {
    try {
      return await balanceAt(url, address);
    } catch (error) {
      last = error as Error;
      onFailure(new URL(url).host, last);
    }
  }
  throw last;
}
