/**
 * A database made before the per-player figures and the growth indexes upgrades in place: the migration
 * fills the figures and the board of players from the runs already stored, start-up gives every run its
 * player key and builds the indexes, every row is kept, and nothing is counted twice when the server
 * starts again. Two accounts whose names differ only in case (possible before the rule) keep working.
 */
import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import { INDEXES } from '../src/bootstrap/indexes';
import { createUser, startTestApp, type TestApp } from './helpers/strapi';

const UID = 'api::game-score.game-score';
const MIGRATION = '2026.11.24T00.00.00.player-figures.js';
const DAY = 24 * 60 * 60 * 1000;

let app: TestApp | null = null;
const haicIndexes = async (): Promise<string[]> =>
  (await app!.strapi.db.connection.raw(`select name from sqlite_master where type = 'index' and name like 'haic_%' and tbl_name not like 'haic_%'`)).map(
    (row: any) => row.name,
  );
const GROWTH_INDEXES_WHILE_DUPLICATED = INDEXES.map((index) => (index.uniqueWhenClean ? `${index.name}_not_unique` : index.name));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-upgrade-'));
const dbFile = path.join(dir, 'upgrade.db');

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A run stored the way the code before the figures stored it: the row alone. */
const oldRun = (owner: { user?: number; guestWallet?: string }, totalPoints: number, playedDate: Date, verified: boolean) =>
  app!.strapi.db.query(UID).create({
    data: {
      user: owner.user ?? null,
      guestWallet: owner.guestWallet ?? null,
      score: 100,
      level: 1,
      timeElapsed: Math.max(0, 1000 - (totalPoints - 100)),
      bonusPoints: totalPoints - 100,
      totalPoints,
      sessionId: crypto.randomUUID(),
      playedDate: playedDate.toISOString(),
      verified,
    },
  });

it('fills the figures and the board from the stored runs, once', async () => {
  // 1. A database with runs and without the figures: what the code before them left behind.
  app = await startTestApp({ DATABASE_FILENAME: dbFile });
  const alice = await createUser(app, 'alice');
  const bob = await createUser(app, 'bob');
  const now = Date.now();
  await oldRun({ user: alice.user.id }, 900, new Date(now - 1000), true);
  await oldRun({ user: alice.user.id }, 1200, new Date(now - 8 * DAY), true);
  await oldRun({ user: alice.user.id }, 5000, new Date(now - 2000), false);
  await oldRun({ user: bob.user.id }, 1000, new Date(now - 3000), true);
  await oldRun({ guestWallet: 'GUEST_OLDRUNS1' }, 950, new Date(now - 4000), true);
  await oldRun({ guestWallet: 'GUEST_OLDRUNS1' }, 1100, new Date(now - 5000), true);
  const knex = app.strapi.db.connection;
  // Nor the search index, which came after them (its triggers read the board's table).
  for (const { name } of await knex.raw(`select name from sqlite_master where type = 'trigger' and name like 'haic_search_%'`))
    await knex.raw(`drop trigger ${name}`);
  await knex('strapi_migrations').where({ name: '2026.12.01T00.00.00.search-index.js' }).del();
  for (const table of ['haic_player_figures', 'haic_player_bests', 'haic_run_tickets']) await knex.schema.dropTable(table);
  await knex('strapi_migrations').where({ name: MIGRATION }).del();
  // No player key column and no growth indexes; Strapi re-reads the schema as on an upgrade.
  for (const name of await haicIndexes()) await knex.raw(`drop index ${name}`);
  await knex.schema.alterTable('game_scores', (table) => table.dropColumn('player_key'));
  await knex('strapi_database_schema').del();
  // Before the case rule, "ALICE" could register next to "alice".
  await knex('up_users').insert({
    ...(await knex('up_users').where({ id: alice.user.id }).first()),
    id: undefined,
    document_id: 'dupalice',
    username: 'ALICE',
    email: 'ALICE@example.com',
  });
  await app.stop();

  // 2. The new code starts on it.
  app = await startTestApp({ DATABASE_FILENAME: dbFile });
  const read = async () => {
    const stats = await app!.http.get(`/api/users/${alice.user.id}/stats`, alice.token);
    const all = await app!.http.get('/api/leaderboard', alice.token);
    const day = await app!.http.get('/api/leaderboard?period=day', bob.token);
    return {
      stats: stats.body,
      all: all.body.entries.map((e: any) => [e.rank, e.player, e.totalPoints]),
      me: all.body.me && [all.body.me.rank, all.body.me.totalPoints],
      day: day.body.entries.map((e: any) => [e.rank, e.player, e.totalPoints]),
      bobToday: day.body.me && [day.body.me.rank, day.body.me.totalPoints],
      runs: await app!.strapi.db.query(UID).count(),
      history: (await app!.http.get(`/api/users/${alice.user.id}/game-history?pageNumber=2&pageSize=2`, alice.token)).body,
    };
  };
  const expected = {
    // Every run counts in the stats; only verified runs rank, each player once with their best.
    stats: { gamesPlayed: 3, totalPoints: 7100, highScore: 5000 },
    all: [
      [1, 'alice', 1200],
      [2, 'GUEST_OL…S1', 1100],
      [3, 'bob', 1000],
    ],
    me: [1, 1200],
    day: [
      [1, 'GUEST_OL…S1', 1100],
      [2, 'bob', 1000],
      [3, 'alice', 900],
    ],
    bobToday: [2, 1000],
    runs: 6,
    // Alice's oldest run, alone on the second page of two.
    history: {
      games: [expect.objectContaining({ totalPoints: 1200, verified: true })],
      totalGames: 3,
      totalPages: 2,
      pageNumber: 2,
      pageSize: 2,
    },
  };
  expect(await read()).toEqual(expected);
  // The duplicate names keep the server up: a plain index now, the unique one once they are resolved.
  expect(await haicIndexes()).toEqual(expect.arrayContaining([...GROWTH_INDEXES_WHILE_DUPLICATED]));
  expect((await app.http.post('/api/auth/login', { username: 'alice', password: 'Passw0rd!x' })).status).toBe(200);
  await app.strapi.db.connection('up_users').where({ username: 'ALICE' }).del();
  await app.stop();

  // 3. Started again (or by a second instance): the migration has run, nothing is added twice.
  app = await startTestApp({ DATABASE_FILENAME: dbFile });
  expect(await read()).toEqual(expected);
  expect((await haicIndexes()).sort()).toEqual(INDEXES.map((index) => index.name).sort());
});
