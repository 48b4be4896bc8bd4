/**
 * The search index on SQLite: one FTS5 table (words in Unicode, lower case, diacritics folded; prefix
 * indexes of 2 and 3 characters for words being typed) and its vocabulary (fts5vocab), kept by triggers on
 * the tables it shows (sources.ts), in the transaction of each write: the panel, the seed, a news fetch, a
 * run, an account's deletion. Its rowid is the sort key (engine.ts).
 */
import type { Knex } from 'knex';
import { KIND_ORDER, SORT_KEY } from './engine';
import { PLAYER, SOURCES, type Source } from './sources';

export const SEARCH_TABLE = 'haic_search';
export const SEARCH_VOCABULARY = 'haic_search_vocab';
const TRIGGER_PREFIX = 'haic_search_';
/** FTS5's own: merge segments as they pile up, four at a time. */
const FTS5_DEFAULT_AUTOMERGE = 4;

/** A time column's second: Strapi keeps datetimes as epoch milliseconds, dates as 'YYYY-MM-DD'. */
const secondOf = (value: string) =>
  `(CASE typeof(${value}) WHEN 'integer' THEN ${value} / 1000 WHEN 'real' THEN CAST(${value} / 1000 AS INTEGER) ELSE CAST(coalesce(unixepoch(${value}), 0) AS INTEGER) END)`;

const sortKey = (kind: keyof typeof KIND_ORDER, second: string, id: string) =>
  `(max(-${SORT_KEY.secondBound}, min(${SORT_KEY.secondBound}, ${second})) * ${SORT_KEY.secondFactor} + ${KIND_ORDER[kind]} * ${SORT_KEY.kindFactor} + (${id} % ${SORT_KEY.kindFactor}))`;

/** Every text of a rich-text body (Strapi's blocks JSON), in order; nothing when it is not JSON. */
const blocksText = (column: string) =>
  `(SELECT group_concat(value, ' ') FROM json_tree(CASE WHEN json_valid(${column}) THEN ${column} ELSE '[]' END) WHERE key = 'text' AND type = 'text')`;

const put = (select: string) => `INSERT OR REPLACE INTO ${SEARCH_TABLE} (rowid, kind, title, body, url) ${select};`;

/** The index row of a source row `r` (an alias, or new/old in a trigger): a SELECT that finds nothing when it is not shown. */
function sourceRow(source: Source, r: string, from = ''): string {
  const body = source
    .body(r)
    .map((part) => `coalesce(${part.blocks ? blocksText(part.column) : part.column}, '')`)
    .join(` || ' ' || `);
  const key = sortKey(source.kind, secondOf(source.date(r)), `${r}.id`);
  return `SELECT ${key}, '${source.kind}', coalesce(${r}.title, ''), ${body}, coalesce(${source.url(r)}, '') ${from} WHERE ${source.shown(r)}`;
}

const removeSource = (source: Source) =>
  `DELETE FROM ${SEARCH_TABLE} WHERE rowid = ${sortKey(source.kind, secondOf(source.date('old')), 'old.id')} AND ${source.shown('old')};`;

/** A board row `b`'s place: its player's best run's time, by account. */
const playerKey = (b: string) => sortKey('players', `(${b}.played_at / 1000)`, `${b}.user_id`);
const playerRow = (b: string, from: string, { username = 'u.username', where = '' } = {}) =>
  `SELECT ${playerKey(b)}, 'players', ${username}, '', coalesce('/runs/' || (SELECT s.document_id FROM ${PLAYER.runs} s WHERE s.id = ${b}.score_id), '/leaderboard')
   ${from} WHERE ${b}.period = 'all' AND ${b}.user_id IS NOT NULL AND ${username} IS NOT NULL${where ? ` AND ${where}` : ''}`;
/** An account's row on the all-time board. */
const onBoard = (user: string) => `b.period_key = 'all' AND b.player_key = 'u:' || ${user}`;

function triggers(): Record<string, string> {
  const out: Record<string, string> = {};
  // `when`: the rows a trigger has work for (a draft's save, a day's or a week's best run, pass it by).
  const trigger = (name: string, event: string, table: string, when: string, body: string[]) => {
    out[`${TRIGGER_PREFIX}${name}`] = `CREATE TRIGGER ${TRIGGER_PREFIX}${name} AFTER ${event} ON ${table} WHEN ${when} BEGIN\n${body.join('\n')}\nEND`;
  };
  for (const source of SOURCES) {
    const insert = put(sourceRow(source, 'new'));
    trigger(`${source.kind}_insert`, 'INSERT', source.table, source.shown('new'), [insert]);
    trigger(`${source.kind}_update`, 'UPDATE', source.table, `${source.shown('old')} OR ${source.shown('new')}`, [removeSource(source), insert]);
    trigger(`${source.kind}_delete`, 'DELETE', source.table, source.shown('old'), [removeSource(source)]);
  }
  const onTheBoard = (b: string) => `${b}.period = 'all' AND ${b}.user_id IS NOT NULL`;
  const insertPlayer = put(playerRow('new', `FROM ${PLAYER.users} u`, { where: 'u.id = new.user_id' }));
  const removePlayer = `DELETE FROM ${SEARCH_TABLE} WHERE rowid = ${playerKey('old')} AND ${onTheBoard('old')};`;
  trigger('players_insert', 'INSERT', PLAYER.bests, onTheBoard('new'), [insertPlayer]);
  trigger('players_update', 'UPDATE', PLAYER.bests, `(${onTheBoard('old')}) OR (${onTheBoard('new')})`, [removePlayer, insertPlayer]);
  trigger('players_delete', 'DELETE', PLAYER.bests, onTheBoard('old'), [removePlayer]);
  // A renamed account shows its new name; a deleted one goes (its board rows may be deleted before or after it).
  trigger('players_rename', 'UPDATE OF username', PLAYER.users, 'new.username IS NOT old.username', [
    put(playerRow('b', `FROM ${PLAYER.bests} b`, { username: 'new.username', where: onBoard('new.id') })),
  ]);
  trigger('players_leave', 'DELETE', PLAYER.users, '1', [
    `DELETE FROM ${SEARCH_TABLE} WHERE rowid = (SELECT ${playerKey('b')} FROM ${PLAYER.bests} b WHERE b.period = 'all' AND ${onBoard('old.id')});`,
  ]);
  return out;
}

const TRIGGERS = triggers();

const tableExists = async (knex: Knex, name: string) => ((await knex.raw(`SELECT 1 FROM sqlite_master WHERE name = ?`, [name])) as unknown[]).length > 0;

export const sqliteIndex = {
  /** Whether the tables the index shows exist (a new database has them only once Strapi has made its tables). */
  async sourcesExist(knex: Knex): Promise<boolean> {
    for (const table of [...SOURCES.map((source) => source.table), PLAYER.bests, PLAYER.users]) if (!(await tableExists(knex, table))) return false;
    return true;
  },

  /** Whether the index and every trigger are in place (Strapi remakes a table it alters, without its triggers). */
  async complete(knex: Knex): Promise<boolean> {
    const rows = (await knex.raw(`SELECT name FROM sqlite_master WHERE type = 'trigger'`)) as { name: string }[];
    const present = new Set(rows.map((row) => row.name));
    return Object.keys(TRIGGERS).every((name) => present.has(name)) && (await tableExists(knex, SEARCH_TABLE));
  },

  /** Makes the table and its triggers anew and fills it from every row it shows. */
  async rebuild(knex: Knex): Promise<void> {
    for (const name of Object.keys(TRIGGERS)) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
    await knex.raw(`DROP TABLE IF EXISTS ${SEARCH_VOCABULARY}`);
    await knex.raw(`DROP TABLE IF EXISTS ${SEARCH_TABLE}`);
    await knex.raw(
      `CREATE VIRTUAL TABLE ${SEARCH_TABLE} USING fts5(kind, title, body, url UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`,
    );
    await knex.raw(`CREATE VIRTUAL TABLE ${SEARCH_VOCABULARY} USING fts5vocab(${SEARCH_TABLE}, 'col')`);
    // A bulk fill: no merging of the index's segments while rows go in (twice as fast), one merge at the end.
    await knex.raw(`INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) VALUES ('automerge', 0)`);
    const fill = (select: string) => knex.raw(`INSERT INTO ${SEARCH_TABLE} (rowid, kind, title, body, url) ${select}`);
    for (const source of SOURCES) await fill(sourceRow(source, 'r', `FROM ${source.table} r`));
    await fill(playerRow('b', `FROM ${PLAYER.bests} b JOIN ${PLAYER.users} u ON u.id = b.user_id`));
    await knex.raw(`INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}) VALUES ('optimize')`);
    await knex.raw(`INSERT INTO ${SEARCH_TABLE} (${SEARCH_TABLE}, rank) VALUES ('automerge', ${FTS5_DEFAULT_AUTOMERGE})`);
    for (const sql of Object.values(TRIGGERS)) await knex.raw(sql);
  },
};
