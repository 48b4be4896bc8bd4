/**
 * Prove your wallet: an account links an XRPL address by signing its challenge, with keys these
 * tests make with ripple-keypairs (secp256k1 and ed25519). Every refusal is a 400 naming the field (409 for an
 * address another account holds), never a 5xx; only the owner reaches the routes; the badges reach the
 * board (every period and season), the run answers and the profile, the address only once the player makes
 * it public, and the caches in front are purged when a link changes; the data export carries the link, and
 * deleting the account frees the address.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { ACCOUNT_EXPORT_KEYS, seasonKeyOf } from '@haic/contract';
import { storeRun } from './helpers/runs';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';
import { newWallet, signText, startLedgerServer, type LedgerServer, type TestWallet } from './helpers/xrpl';

const ORIGIN = 'https://haic.example';
const HOST = new URL(ORIGIN).host;
const ISSUER = newWallet().address;
const HAIC_HEX = '4841494300000000000000000000000000000000';

let app: TestApp;
let ledger: LedgerServer;
let purgeServer: http.Server;
const purges: string[] = [];

beforeAll(async () => {
  ledger = await startLedgerServer();
  purgeServer = http.createServer((req, res) => {
    purges.push(String(req.headers['surrogate-key'] ?? ''));
    res.end('purged');
  });
  await new Promise<void>((resolve) => purgeServer.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({
    PUBLIC_URL: ORIGIN,
    CACHE_PURGE_URLS: `http://127.0.0.1:${(purgeServer.address() as AddressInfo).port}/`,
    XRPL_RPC_URLS: ledger.url,
    HAIC_ISSUER: ISSUER,
    HAIC_CURRENCY: 'HAIC',
  });
  app.http.agent.set('Host', HOST);
}, 300_000);

afterAll(async () => {
  await app?.stop();
  await ledger?.close();
  await new Promise((resolve) => purgeServer?.close(resolve));
});

type Account = Awaited<ReturnType<typeof createUser>>;
let named = 0;
const account = () => createUser(app, `holder${++named}`);
const wallet = (id: number) => `/api/users/${id}/wallet`;
const holders = () => app.strapi.service('api::wallet.holders') as { idle(): Promise<void> };

/** DELETE with the XSRF header, as the site's client sends it. */
const del = async (url: string, token?: string) => {
  const req = app.http.agent.delete(url).set('X-XSRF-TOKEN', await app.http.xsrfToken());
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};
const challenge = (who: Account) => app.http.post(`${wallet(who.user.id)}/challenge`, {}, who.token);
/** The account's challenge signed by the wallet, sent back: the link's answer. */
async function link(who: Account, keys: TestWallet, overrides: Record<string, string> = {}) {
  const { message } = (await challenge(who)).body;
  return app.http.post(wallet(who.user.id), { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys), ...overrides }, who.token);
}
/** Waits (up to 2 s) for the purges sent to the cache in front to name `tag`. */
async function purgedTag(tag: string): Promise<string> {
  const named = () => purges.join(' ').split(' ').includes(tag);
  for (let i = 0; i < 100 && !named(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return named() ? tag : purges.join(' ');
}
const fieldOf = (response: { body: { error?: { details?: { errors?: Array<{ path: string[] }> } } } }) => response.body.error?.details?.errors?.[0]?.path[0];

describe('the challenge', () => {
  it('names the site, says what signing means, and carries a fresh nonce, its issue time and a 5-minute expiry', async () => {
    const me = await account();
    const before = Date.now();
    const first = await challenge(me);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    const { message, expiresAt } = first.body;
    expect(message.split('\n')[0]).toBe(`${HOST} wants you to link your XRPL account to your account on this site.`);
    expect(message).toContain('never asks for your secret key or seed');
    expect(message).toContain(`URI: ${ORIGIN}/profile`);
    expect(message).toContain('Chain ID: xrpl:0');
    const nonce = /^Nonce: ([a-f0-9]{32})$/m.exec(message)?.[1];
    const issued = Date.parse(/^Issued At: (\S+)$/m.exec(message)![1]);
    const expires = Date.parse(/^Expiration Time: (\S+)$/m.exec(message)![1]);
    expect(nonce).toBeDefined();
    expect(issued).toBeGreaterThanOrEqual(before - 1000);
    expect(expires - issued).toBe(5 * 60_000);
    expect(expiresAt).toBe(new Date(expires).toISOString());
    // Each challenge is new; only the nonce and the times are kept, one row per account.
    const second = (await challenge(me)).body.message;
    expect(/^Nonce: (\S+)$/m.exec(second)?.[1]).not.toBe(nonce);
    const rows = await app.strapi.db.connection('haic_wallet_challenges').where({ user_id: me.user.id }).select();
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(['expires_at', 'issued_at', 'nonce', 'user_id']);
  });
});

describe('only the owner', () => {
  it('answers 401 without a token, 403 for another account, 403 for a write without the XSRF header', async () => {
    const me = await account();
    const other = await account();
    const keys = newWallet();
    expect((await app.http.get(wallet(me.user.id))).status).toBe(401);
    expect((await app.http.post(`${wallet(me.user.id)}/challenge`, {})).status).toBe(401);
    expect((await app.http.get(wallet(me.user.id), other.token)).status).toBe(403);
    expect((await app.http.post(`${wallet(me.user.id)}/challenge`, {}, other.token)).status).toBe(403);
    expect(
      (await app.http.post(wallet(me.user.id), { address: keys.address, publicKey: keys.publicKey, signature: 'AB'.repeat(64) }, other.token)).status,
    ).toBe(403);
    expect((await app.http.put(wallet(me.user.id), { addressPublic: true }, other.token)).status).toBe(403);
    expect((await del(wallet(me.user.id), other.token)).status).toBe(403);
    const noXsrf = await app.http.agent
      .post(`${wallet(me.user.id)}/challenge`)
      .set('Authorization', `Bearer ${me.token}`)
      .send({});
    expect(noXsrf.status).toBe(403);
    // Nothing of the owner's changed.
    expect((await app.http.get(wallet(me.user.id), me.token)).body).toEqual({ address: null, verifiedAt: null, addressPublic: false });
  });
});

describe('linking', () => {
  it.each(['ecdsa-secp256k1', 'ed25519'] as const)('with a %s key: 200 with the address and its time; the challenge is used up', async (algorithm) => {
    const me = await account();
    const keys = newWallet(algorithm);
    if (algorithm === 'ed25519') expect(keys.publicKey.startsWith('ED')).toBe(true);
    const { message } = (await challenge(me)).body;
    const body = { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys) };
    const linked = await app.http.post(wallet(me.user.id), body, me.token);
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ address: keys.address, addressPublic: false });
    expect(Date.now() - Date.parse(linked.body.verifiedAt)).toBeLessThan(60_000);
    expect((await app.http.get(wallet(me.user.id), me.token)).body).toMatchObject({ address: keys.address, verifiedAt: linked.body.verifiedAt });
    // The same signed challenge again: used.
    const again = await app.http.post(wallet(me.user.id), body, me.token);
    expect(again.status).toBe(400);
    expect(fieldOf(again)).toBe('challenge');
  });

  it('refuses a wrong signature, another key’s address, malformed keys, addresses and signatures, each by its field', async () => {
    const me = await account();
    const keys = newWallet();
    const otherKeys = newWallet('ed25519');
    const { message } = (await challenge(me)).body;
    const good = { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys) };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a signature of another text', { ...good, signature: signText(`${message} `, keys) }, 'signature'],
      ['another key’s signature', { ...good, signature: signText(message, otherKeys) }, 'signature'],
      ['an ed25519-sized signature on a secp256k1 key', { ...good, signature: 'AB'.repeat(64) }, 'signature'],
      ['a signature that is not hex', { ...good, signature: 'zz'.repeat(40) }, 'signature'],
      ['another key’s address', { ...good, address: otherKeys.address }, 'address'],
      ['a key and signature of another account', { ...good, publicKey: otherKeys.publicKey, signature: signText(message, otherKeys) }, 'address'],
      ['a key that is not hex', { ...good, publicKey: `02${'x'.repeat(64)}` }, 'publicKey'],
      ['a key of the wrong length', { ...good, publicKey: keys.publicKey.slice(0, 64) }, 'publicKey'],
      ['a key with an unknown prefix', { ...good, publicKey: `05${keys.publicKey.slice(2)}` }, 'publicKey'],
      ['an uncompressed key', { ...good, publicKey: `04${'1'.repeat(128)}` }, 'publicKey'],
      ['an address with a bad checksum', { ...good, address: `${keys.address.slice(0, -1)}${keys.address.endsWith('a') ? 'b' : 'a'}` }, 'address'],
      ['an X-address or other text', { ...good, address: 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ' }, 'address'],
      ['no address', { ...good, address: undefined }, 'address'],
      ['a number for a key', { ...good, publicKey: 42 }, 'publicKey'],
      ['an object for a signature', { ...good, signature: { $gt: '' } }, 'signature'],
    ];
    for (const [name, body, field] of cases) {
      const response = await app.http.post(wallet(me.user.id), body, me.token);
      expect([name, response.status, fieldOf(response)]).toEqual([name, 400, field]);
    }
    // None of them used the challenge up: the good body still links.
    expect((await app.http.post(wallet(me.user.id), good, me.token)).status).toBe(200);
  });

  it('answers bad bodies and over-long fields with a 4xx naming the field, never a 5xx', async () => {
    const me = await account();
    const send = async (raw: string) =>
      app.http.agent
        .post(wallet(me.user.id))
        .set('Authorization', `Bearer ${me.token}`)
        .set('X-XSRF-TOKEN', await app.http.xsrfToken())
        .set('Content-Type', 'application/json')
        .send(raw);
    for (const raw of ['[]', '"text"', 'null', '{"address":', '{"address":["r"]}', '{"address":"r\\u0000"}']) {
      expect([raw, (await send(raw)).status]).toEqual([raw, 400]);
    }
    for (const [body, field] of [
      [{ address: 'r'.repeat(36) }, 'address'],
      [{ publicKey: 'A'.repeat(67) }, 'publicKey'],
      [{ signature: 'A'.repeat(145) }, 'signature'],
    ] as const) {
      const response = await send(JSON.stringify(body));
      expect([response.status, fieldOf(response)]).toEqual([400, field]);
    }
    const long = await app.http.post(wallet(me.user.id), { address: 'r'.repeat(36) }, me.token);
    expect(long.body.error.details.errors[0]).toEqual({ path: ['address'], message: 'XRPL address must be no more than 35 characters' });
    // A body over the route's bound is refused before it is read.
    const huge = await app.http.post(wallet(me.user.id), { note: 'x'.repeat(2000) }, me.token);
    expect(huge.status).toBe(413);
    const visibility = await app.http.put(wallet(me.user.id), { addressPublic: 'yes' }, me.token);
    expect([visibility.status, fieldOf(visibility)]).toEqual([400, 'addressPublic']);
  });

  it('refuses a missing, expired, used or other account’s challenge (400 naming challenge)', async () => {
    const me = await account();
    const other = await account();
    const keys = newWallet();
    // None asked for yet.
    const none = await app.http.post(wallet(me.user.id), { address: keys.address, publicKey: keys.publicKey, signature: 'AB'.repeat(70) }, me.token);
    expect([none.status, fieldOf(none)]).toEqual([400, 'challenge']);

    // Another account's challenge, signed, sent by this account (which has none).
    const theirs = (await challenge(other)).body.message;
    const stolen = await app.http.post(wallet(me.user.id), { address: keys.address, publicKey: keys.publicKey, signature: signText(theirs, keys) }, me.token);
    expect([stolen.status, fieldOf(stolen)]).toEqual([400, 'challenge']);
    // With a challenge of its own, another account's text does not sign it.
    await challenge(me);
    const swapped = await app.http.post(wallet(me.user.id), { address: keys.address, publicKey: keys.publicKey, signature: signText(theirs, keys) }, me.token);
    expect([swapped.status, fieldOf(swapped)]).toEqual([400, 'signature']);

    // Expired: its time has passed (the row is dropped).
    const { message } = (await challenge(me)).body;
    await app.strapi.db
      .connection('haic_wallet_challenges')
      .where({ user_id: me.user.id })
      .update({ expires_at: Date.now() - 1 });
    const expired = await app.http.post(wallet(me.user.id), { address: keys.address, publicKey: keys.publicKey, signature: signText(message, keys) }, me.token);
    expect([expired.status, fieldOf(expired), expired.body.error.message]).toEqual([400, 'challenge', expect.stringMatching(/expired/)]);
    expect(await app.strapi.db.connection('haic_wallet_challenges').where({ user_id: me.user.id }).first()).toBeUndefined();

    // An earlier challenge stops working once a new one is asked for.
    const earlier = (await challenge(me)).body.message;
    await challenge(me);
    const replaced = await app.http.post(
      wallet(me.user.id),
      { address: keys.address, publicKey: keys.publicKey, signature: signText(earlier, keys) },
      me.token,
    );
    expect([replaced.status, fieldOf(replaced)]).toEqual([400, 'signature']);
  });

  it('one address, one account: another account proving it gets 409; linking another address replaces the first, which is then free', async () => {
    const first = await account();
    const second = await account();
    const keys = newWallet();
    const spare = newWallet('ed25519');
    expect((await link(first, keys)).status).toBe(200);
    const taken = await link(second, keys);
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('This wallet is already linked to another account');
    // The owner may prove it again.
    expect((await link(first, keys)).status).toBe(200);

    expect((await link(first, spare)).body.address).toBe(spare.address);
    expect((await app.http.get(wallet(first.user.id), first.token)).body.address).toBe(spare.address);
    expect((await link(second, keys)).status).toBe(200);
  });

  it('unlinks (204, then nulls), after which another account links the address', async () => {
    const first = await account();
    const second = await account();
    const keys = newWallet();
    await link(first, keys);
    const removed = await del(wallet(first.user.id), first.token);
    expect(removed.status).toBe(204);
    expect((await app.http.get(wallet(first.user.id), first.token)).body).toEqual({ address: null, verifiedAt: null, addressPublic: false });
    expect((await link(second, keys)).status).toBe(200);
    // Unlinking nothing is no error; showing nothing is.
    expect((await del(wallet(first.user.id), first.token)).status).toBe(204);
    expect((await app.http.put(wallet(first.user.id), { addressPublic: true }, first.token)).status).toBe(404);
  });
});

describe('the badges', () => {
  const entryOf = (entries: Array<{ player: string }>, username: string) => entries.find((entry) => entry.player === username);

  it('reach every board, season, run answer and the profile; the address only once the player makes it public; caches are purged', async () => {
    const me = await account();
    const guest = 'GUEST_BADGES01';
    const run = await storeRun(app, { user: me.user.id }, { verified: true, totalPoints: 7777 });
    await storeRun(app, { guestWallet: guest }, { verified: true, totalPoints: 7000 });
    const keys = newWallet();
    ledger.lines.set(keys.address, [{ account: ISSUER, currency: HAIC_HEX, balance: '1250.5' }]);

    const boards = async () => {
      const urls = [...['all', 'week', 'day'].map((period) => `/api/leaderboard?period=${period}`), `/api/leaderboard/seasons/${seasonKeyOf(new Date())}`];
      const answers = [];
      for (const url of urls) answers.push((await app.http.get(url)).body.entries);
      return answers;
    };
    for (const entries of await boards()) {
      expect(entryOf(entries, me.user.username)).toMatchObject({ walletVerified: false });
      expect(entryOf(entries, me.user.username)).not.toHaveProperty('holder');
    }

    purges.length = 0;
    expect((await link(me, keys)).status).toBe(200);
    await holders().idle();
    expect(await purgedTag('runs')).toBe('runs');
    expect(await purgedTag('board')).toBe('board');

    for (const entries of await boards()) {
      const mine = entryOf(entries, me.user.username);
      expect(mine).toMatchObject({ walletVerified: true, holder: true });
      expect(mine).not.toHaveProperty('walletAddress');
      expect(entries.find((entry: { player: string }) => entry.player.startsWith('GUEST_BA'))).toMatchObject({ walletVerified: false });
    }
    const runAnswer = (await app.http.get(`/api/runs/${run.documentId}`)).body;
    expect(runAnswer).toMatchObject({ walletVerified: true, holder: true });
    expect(JSON.stringify(runAnswer)).not.toContain(keys.address);
    expect((await app.http.get(`/runs/${run.documentId}`)).headers['surrogate-key']).toMatch(/\bruns\b/);
    expect((await app.http.get('/api/users/profile', me.token)).body).toMatchObject({ walletVerified: true, holder: true });

    // Public: the address shows beside the name.
    purges.length = 0;
    const shown = await app.http.put(wallet(me.user.id), { addressPublic: true }, me.token);
    expect(shown.body).toMatchObject({ address: keys.address, addressPublic: true, holder: true, holderBalance: '1250.5' });
    expect(await purgedTag('runs')).toBe('runs');
    for (const entries of await boards()) expect(entryOf(entries, me.user.username)).toMatchObject({ walletAddress: keys.address });
    expect((await app.http.get(`/api/runs/${run.documentId}`)).body.walletAddress).toBe(keys.address);

    // Unlinked: no badge anywhere (the answer comes once this instance's copies are dropped).
    await del(wallet(me.user.id), me.token);
    for (const entries of await boards()) {
      expect(entryOf(entries, me.user.username)).toMatchObject({ walletVerified: false });
      expect(entryOf(entries, me.user.username)).not.toHaveProperty('walletAddress');
    }
    expect((await app.http.get(`/api/runs/${run.documentId}`)).body).toMatchObject({ walletVerified: false });
    expect((await app.http.get(`/api/runs/${run.documentId}`)).body).not.toHaveProperty('walletAddress');
    expect((await app.http.get('/api/users/profile', me.token)).body).toEqual({ firstName: '', lastName: '', bio: '', walletVerified: false });
  });
});

describe('the data export and the deletion', () => {
  it('the export holds the linked address and its time (null without one)', async () => {
    const me = await account();
    const empty = JSON.parse((await app.http.get('/api/users/export', me.token)).text);
    expect(Object.keys(empty)).toEqual([...ACCOUNT_EXPORT_KEYS.root]);
    expect(empty.xrplWallet).toBeNull();

    const keys = newWallet('ed25519');
    ledger.lines.set(keys.address, []);
    const linked = (await link(me, keys)).body;
    await holders().idle();
    const data = JSON.parse((await app.http.get('/api/users/export', me.token)).text);
    expect(Object.keys(data.xrplWallet)).toEqual([...ACCOUNT_EXPORT_KEYS.xrplWallet]);
    expect(data.xrplWallet).toEqual({
      address: keys.address,
      verifiedAt: linked.verifiedAt,
      addressPublic: false,
      holderBalance: '0',
      holderCheckedAt: expect.any(String),
    });
  });

  it('deleting the account removes the link and its challenge, and frees the address', async () => {
    const leaving = await account();
    const next = await account();
    const keys = newWallet();
    await link(leaving, keys);
    await challenge(leaving);
    const deleted = await app.http.post('/api/users/delete-account', { password: 'Passw0rd!x' }, leaving.token);
    expect(deleted.status).toBe(200);
    expect(await app.strapi.db.connection('haic_wallet_links').where({ user_id: leaving.user.id }).first()).toBeUndefined();
    expect(await app.strapi.db.connection('haic_wallet_challenges').where({ user_id: leaving.user.id }).first()).toBeUndefined();
    expect((await link(next, keys)).status).toBe(200);
  });
});
