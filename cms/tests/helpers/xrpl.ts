/**
 * XRPL accounts for the wallet tests, made with ripple-keypairs as a wallet makes them, and a loopback
 * server answering the JSON-RPC method account_lines in rippled's documented shape (result.lines, each
 * line's account, balance and currency; `marker` for another page; `actNotFound` for an unfunded account).
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { deriveAddress, deriveKeypair, generateSeed, sign } from 'ripple-keypairs';

export interface TestWallet {
  address: string;
  publicKey: string;
  privateKey: string;
}

/** A new account's master key pair (secp256k1 or ed25519) and its classic address. */
export function newWallet(algorithm: 'ecdsa-secp256k1' | 'ed25519' = 'ecdsa-secp256k1'): TestWallet {
  const keys = deriveKeypair(generateSeed({ algorithm }));
  return { ...keys, address: deriveAddress(keys.publicKey) };
}

/** What GemWallet's signMessage and Crossmark's signInAndWait sign: the hex of the text's UTF-8 bytes. */
export const signText = (text: string, wallet: TestWallet) => sign(Buffer.from(text, 'utf8').toString('hex').toUpperCase(), wallet.privateKey);

/** A trust line as account_lines lists it. */
export interface Line {
  account: string;
  currency: string;
  balance: string;
}

export interface LedgerServer {
  url: string;
  /** Every account_lines request's params, in order. */
  requests: Array<Record<string, unknown>>;
  /** The trust lines of each account (an account missing here does not exist: actNotFound). */
  lines: Map<string, Line[]>;
  /** How many lines make a page (the rest come with a marker). */
  pageSize: number;
  /** 'up' answers; 'hold' keeps every request open until release(); 'error' answers a rippled error. */
  mode: 'up' | 'hold' | 'error';
  /** Answers the held requests. */
  release(): void;
  close(): Promise<void>;
}

export async function startLedgerServer(): Promise<LedgerServer> {
  const held: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const call = JSON.parse(body) as { method: string; params: Array<Record<string, unknown>> };
      const params = call.params[0];
      ledger.requests.push(params);
      const answer = () => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ result: resultOf(params) }));
      };
      if (ledger.mode === 'hold') held.push(answer);
      else answer();
    });
  });
  const resultOf = (params: Record<string, unknown>) => {
    const account = String(params.account);
    if (ledger.mode === 'error')
      return {
        error: 'tooBusy',
        error_code: 9,
        error_message: 'The server is too busy to help you now.',
        request: { command: 'account_lines', ...params },
        status: 'error',
      };
    const all = ledger.lines.get(account);
    if (!all) {
      return {
        account,
        error: 'actNotFound',
        error_code: 19,
        error_message: 'Account not found.',
        ledger_index: 1000,
        request: { command: 'account_lines', ...params },
        status: 'error',
        validated: true,
      };
    }
    const matching = all.filter((line) => !params.peer || line.account === params.peer);
    const start = typeof params.marker === 'string' ? Number(params.marker.split(':')[1]) : 0;
    const page = matching.slice(start, start + ledger.pageSize);
    const more = start + ledger.pageSize < matching.length;
    return {
      account,
      ledger_hash: 'A'.repeat(64),
      ledger_index: 1000,
      lines: page.map((line) => ({ ...line, limit: '1000000000', limit_peer: '0', no_ripple: true, no_ripple_peer: false, quality_in: 0, quality_out: 0 })),
      ...(more ? { marker: `page:${start + ledger.pageSize}` } : {}),
      status: 'success',
      validated: true,
    };
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const ledger: LedgerServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests: [],
    lines: new Map(),
    pageSize: 200,
    mode: 'up',
    release: () => held.splice(0).forEach((answer) => answer()),
    close: () =>
      new Promise<void>((resolve) => {
        ledger.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return ledger;
}

/** A loopback address where nothing listens (a server that is down). */
export async function downUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/`;
}
