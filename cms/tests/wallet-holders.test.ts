/**
 * The HAIC holder check, against loopback servers answering account_lines in rippled's documented
 * shape: a linked address's trust line is read off the request path, through the next endpoint when one is
 * down; a slow or failing endpoint never holds up an answer and leaves the last known balance, with its time;
 * an account is read at most every 10 minutes; without the settings nothing is read and nothing breaks.
 * And a database from before the wallet links gets their tables in place at the next start.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { validateSettings } from '../src/utils/settings';
import { storeRun } from './helpers/runs';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';
import { downUrl, newWallet, signText, startLedgerServer, type LedgerServer, type TestWallet } from './helpers/xrpl';

const ISSUER = newWallet().address;
const HAIC_HEX = '4841494300000000000000000000000000000000';
const TEN_MINUTES = 10 * 60_000;
// Long enough for a loopback answer on a busy two-core machine; the slow case waits this long once.
const RPC_TIMEOUT_MS = 4000;

interface Holders {
  idle(): Promise<void>;
  refresh(now?: number): Promise<number>;
}

let named = 0;
const wallet = (id: number) => `/api/users/${id}/wallet`;

async function linkWith(app: TestApp, keys: TestWallet) {
  const me = await createUser(app, `hodler${++named}`);
  const { message } = (await app.http.post(`${wallet(me.user.id)}/challenge`, {}, me.token)).body;
  const linked = await app.http.post(wallet(me.user.id), { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys) }, me.token);
  expect(linked.status).toBe(200);
  return { ...me, linked: linked.body };
}
const statusOf = async (app: TestApp, who: { user: { id: number }; token: string }) => (await app.http.get(wallet(who.user.id), who.token)).body;
/** Moves the account's last try back, as if it were `ms` ago. */
const triedAgo = (app: TestApp, userId: number, ms: number) =>
  app.strapi.db
    .connection('haic_wallet_links')
    .where({ user_id: userId })
    .update({ holder_attempted_at: Date.now() - ms });

describe('with XRPL_RPC_URLS (a down server first, then an up one), HAIC_ISSUER and HAIC_CURRENCY', () => {
  let app: TestApp;
  let ledger: LedgerServer;
  let errors: string[];
  const holders = () => app.strapi.service('api::wallet.holders') as Holders;

  beforeAll(async () => {
    ledger = await startLedgerServer();
    app = await startTestApp({
      XRPL_RPC_URLS: `${await downUrl()},${ledger.url}`,
      HAIC_ISSUER: ISSUER,
      HAIC_CURRENCY: 'HAIC',
      XRPL_RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    });
    await app.http.xsrfToken();
    // What an operator would read in the log, kept here instead.
    errors = [];
    const keep = (message: unknown) => {
      errors.push(String(message));
    };
    Object.assign(app.strapi.log, { warn: keep, error: keep });
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await ledger?.close();
  });

  beforeEach(() => {
    ledger.mode = 'up';
    ledger.pageSize = 200;
    errors.length = 0;
  });

  it('up: the trust line is read with account_lines (the issuer as peer, the validated ledger) past the down server, and shown', async () => {
    const keys = newWallet();
    ledger.lines.set(keys.address, [
      { account: newWallet().address, currency: 'USD', balance: '10' },
      { account: ISSUER, currency: 'USD', balance: '3' },
      { account: ISSUER, currency: HAIC_HEX, balance: '42.75' },
    ]);
    // The HAIC line comes on the second page.
    ledger.pageSize = 1;
    const me = await linkWith(app, keys);
    await holders().idle();
    const asked = ledger.requests.filter((params) => params.account === keys.address);
    expect(asked[0]).toEqual({ account: keys.address, peer: ISSUER, ledger_index: 'validated' });
    expect(asked.length).toBe(2);
    expect(asked[1].marker).toBe('page:1');
    const status = await statusOf(app, me);
    expect(status).toMatchObject({ address: keys.address, holder: true, holderBalance: '42.75' });
    expect(Date.now() - Date.parse(status.holderCheckedAt)).toBeLessThan(60_000);
    // The down server was tried first, and logged for an operator.
    expect(errors.some((line) => /"event":"xrpl_rpc_failed".*"endpoint":"127\.0\.0\.1:\d+"/.test(line))).toBe(true);
  });

  it('an account without a HAIC line, or that does not exist on the ledger, holds nothing', async () => {
    const lineless = newWallet();
    ledger.lines.set(lineless.address, [{ account: ISSUER, currency: 'USD', balance: '5' }]);
    const unfunded = newWallet('ed25519');
    const [a, b] = [await linkWith(app, lineless), await linkWith(app, unfunded)];
    await holders().idle();
    expect(await statusOf(app, a)).toMatchObject({ holder: false, holderBalance: '0' });
    expect(await statusOf(app, b)).toMatchObject({ holder: false, holderBalance: '0' });
  });

  it('slow: the link answers while the ledger server holds the request; past XRPL_RPC_TIMEOUT_MS the check gives up, nothing known yet', async () => {
    const keys = newWallet();
    ledger.lines.set(keys.address, [{ account: ISSUER, currency: HAIC_HEX, balance: '1' }]);
    ledger.mode = 'hold';
    const me = await linkWith(app, keys);
    expect(me.linked).not.toHaveProperty('holder');
    // The link was answered before the ledger server answered: its request arrives, and is held open.
    const asked = () => ledger.requests.some((params) => params.account === keys.address);
    for (let i = 0; i < 100 && !asked(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked()).toBe(true);
    expect(await statusOf(app, me)).not.toHaveProperty('holder');
    await holders().idle();
    ledger.release();
    expect(await statusOf(app, me)).not.toHaveProperty('holder');
    expect(errors.some((line) => new RegExp(`"event":"xrpl_rpc_failed".*no answer within ${RPC_TIMEOUT_MS} ms`).test(line))).toBe(true);
    expect(errors.some((line) => /"event":"holder_check_failed".*nothing known yet/.test(line))).toBe(true);
  });

  it('down or failing: the last known balance stays, with the time it was read; at most every 10 minutes per account', async () => {
    const keys = newWallet();
    ledger.lines.set(keys.address, [{ account: ISSUER, currency: HAIC_HEX, balance: '900' }]);
    const me = await linkWith(app, keys);
    await holders().idle();
    const known = await statusOf(app, me);
    expect(known).toMatchObject({ holder: true, holderBalance: '900' });

    // Within 10 minutes of the last try, a refresh does not ask again.
    const before = ledger.requests.length;
    ledger.lines.set(keys.address, []);
    await holders().refresh();
    expect(ledger.requests.filter((params) => params.account === keys.address)).toHaveLength(1);
    expect(ledger.requests.length).toBe(before);

    // 10 minutes later the server answers an error: the last known value stays, with its time.
    await triedAgo(app, me.user.id, TEN_MINUTES);
    ledger.mode = 'error';
    await holders().refresh();
    expect(ledger.requests.filter((params) => params.account === keys.address)).toHaveLength(2);
    expect(await statusOf(app, me)).toEqual(known);
    expect(errors.some((line) => /"event":"holder_check_failed".*the last known balance/.test(line))).toBe(true);
    // ...and not again before another 10 minutes.
    ledger.mode = 'up';
    await holders().refresh();
    expect(ledger.requests.filter((params) => params.account === keys.address)).toHaveLength(2);

    // Up again, 10 minutes on: the new balance (none) is read, and the badge goes.
    await triedAgo(app, me.user.id, TEN_MINUTES + 1000);
    await holders().refresh();
    expect(await statusOf(app, me)).toMatchObject({ holder: false, holderBalance: '0' });
    const profile = (await app.http.get('/api/users/profile', me.token)).body;
    expect(profile).toMatchObject({ walletVerified: true, holder: false });
  });

  it('a refresh reads the links through the index on their last try, never scanning them', async () => {
    const knex = app.strapi.db.connection;
    const queries: Array<{ sql: string; bindings: unknown[] }> = [];
    const listener = (query: { sql: string; bindings?: unknown[] }) => {
      if (/haic_wallet_links/.test(query.sql) && /^\s*select/i.test(query.sql)) queries.push({ sql: query.sql, bindings: query.bindings ?? [] });
    };
    knex.on('query', listener);
    await holders().refresh(Date.now() + TEN_MINUTES);
    knex.removeListener('query', listener);
    expect(queries.length).toBeGreaterThan(0);
    for (const { sql, bindings } of queries) {
      const plan: Array<{ detail: string }> = await knex.raw(`explain query plan ${sql}`, bindings);
      expect([sql, plan.filter((step) => /^SCAN haic_wallet_links$/.test(step.detail))]).toEqual([sql, []]);
    }
  });

  it('a refresh takes the links tried longest ago first, at most 20, and leaves the rest for the next minute', async () => {
    const linked = [];
    for (let i = 0; i < 22; i++) {
      const keys = newWallet();
      ledger.lines.set(keys.address, [{ account: ISSUER, currency: HAIC_HEX, balance: String(i + 1) }]);
      linked.push({ keys, account: await linkWith(app, keys) });
    }
    await holders().idle();
    // Every other link is up to date; these 22 were tried 11 to 32 minutes ago, the first longest.
    await app.strapi.db.connection('haic_wallet_links').update({ holder_attempted_at: Date.now() });
    for (const [i, { account }] of linked.entries()) await triedAgo(app, account.user.id, TEN_MINUTES + (32 - i) * 60_000);
    const before = ledger.requests.length;
    const read = await holders().refresh();
    // A failed read would stop the refresh early: its log line says why (the down server's lines are expected).
    expect(errors.filter((line) => line.includes(new URL(ledger.url).host))).toEqual([]);
    expect(read).toBe(20);
    const asked = ledger.requests.slice(before).map((params) => params.account);
    expect(asked).toEqual(linked.slice(0, 20).map(({ keys }) => keys.address));
    expect(await holders().refresh()).toBe(2);
  });
});

describe('without the holder settings', () => {
  let app: TestApp;
  let ledger: LedgerServer;

  beforeAll(async () => {
    ledger = await startLedgerServer();
    // An endpoint alone is not enough: without the issuer and currency nothing is read.
    app = await startTestApp({ XRPL_RPC_URLS: ledger.url });
    await app.http.xsrfToken();
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await ledger?.close();
  });

  it('links and shows the verified badge with no holder data, and asks no ledger server', async () => {
    const keys = newWallet();
    ledger.lines.set(keys.address, [{ account: ISSUER, currency: HAIC_HEX, balance: '5' }]);
    const me = await linkWith(app, keys);
    await (app.strapi.service('api::wallet.holders') as Holders).idle();
    expect(await (app.strapi.service('api::wallet.holders') as Holders).refresh(Date.now() + TEN_MINUTES)).toBe(0);
    expect(me.linked).toEqual({ address: keys.address, verifiedAt: expect.any(String), addressPublic: false });
    expect((await app.http.get('/api/users/profile', me.token)).body).toEqual({ firstName: '', lastName: '', bio: '', walletVerified: true });
    expect(ledger.requests).toEqual([]);
  });
});

describe('a database from before the wallet links', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-wallet-upgrade-'));
  const dbFile = path.join(dir, 'upgrade.db');
  let app: TestApp | null = null;

  afterAll(async () => {
    await app?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gets the tables and their indexes in place at the next start, every row kept', async () => {
    app = await startTestApp({ DATABASE_FILENAME: dbFile });
    const player = await createUser(app, 'beforewallets');
    const run = await storeRun(app, { user: player.user.id }, { verified: true, totalPoints: 4321 });
    const knex = app.strapi.db.connection;
    for (const table of ['haic_wallet_links', 'haic_wallet_challenges']) await knex.schema.dropTable(table);
    await knex('strapi_migrations').where({ name: '2026.11.28T00.00.00.wallet-links.js' }).del();
    await app.stop();

    app = await startTestApp({ DATABASE_FILENAME: dbFile });
    const indexes = (await app.strapi.db.connection.raw("select name from sqlite_master where type = 'index' and tbl_name like 'haic_wallet_%'")).map(
      (row: { name: string }) => row.name,
    );
    expect(indexes).toEqual(expect.arrayContaining(['haic_wallet_links_address_unique', 'haic_wallet_links_holder_attempted']));
    expect((await app.http.get(`/api/runs/${run.documentId}`)).body).toMatchObject({ totalPoints: 4321, walletVerified: false });
    await app.http.xsrfToken();
    const keys = newWallet('ed25519');
    const { message } = (await app.http.post(`${wallet(player.user.id)}/challenge`, {}, player.token)).body;
    const linked = await app.http.post(
      wallet(player.user.id),
      { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys) },
      player.token,
    );
    expect(linked.status).toBe(200);
    expect((await app.http.get(`/api/runs/${run.documentId}`)).body).toMatchObject({ totalPoints: 4321, walletVerified: true });
  });
});

describe('the settings', () => {
  it('refuses endpoints that are not http(s) URLs, an issuer that is not a classic address, and a malformed currency, by name', () => {
    expect(() => validateSettings({ XRPL_RPC_URLS: 'https://s1.ripple.com:51234/,wss://s2.ripple.com' })).toThrow(/^XRPL_RPC_URLS must be http or https URLs/);
    expect(() => validateSettings({ HAIC_ISSUER: 'not-an-address' })).toThrow(/^HAIC_ISSUER must be the classic address of the issuing account/);
    expect(() => validateSettings({ HAIC_CURRENCY: 'H' })).toThrow(/^HAIC_CURRENCY must be a currency code/);
    expect(() => validateSettings({ XRPL_RPC_TIMEOUT_MS: '0' })).toThrow(/^XRPL_RPC_TIMEOUT_MS must be a positive number/);
    expect(() =>
      validateSettings({ XRPL_RPC_URLS: 'https://s1.ripple.com:51234/, https://xrplcluster.com/', HAIC_ISSUER: ISSUER, HAIC_CURRENCY: HAIC_HEX }),
    ).not.toThrow();
  });
});
