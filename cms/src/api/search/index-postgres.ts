/**
 * The search index on PostgreSQL, three tables:
 * - haic_search: what is found (sources.ts), narrow: its place in the order and two tsvectors, all its words and
 *   its title's, each under a GIN index (a match re-read from the table is a short row: a year of it stays in memory);
 * - haic_search_text: what a result shows (title, text, address), read for the shown rows only;
 * - haic_search_words: the indexed words under a trigram (pg_trgm) index, for near misses.
 * Words are read by the `haic_search` text search configuration: PostgreSQL's `simple` one (no stemming, no stop
 * words, as SQLite's tokenizer) with diacritics folded (unaccent). Triggers on the tables it shows keep it, in the
 * transaction of each write.
 */
import type { Knex } from 'knex';
import { KIND_ORDER, SORT_KEY } from './engine';
import { PLAYER, SOURCES, type Source } from './sources';

export const SEARCH_TABLE = 'haic_search';
export const SEARCH_TEXT = 'haic_search_text';
export const SEARCH_WORDS = 'haic_search_words';
export const SEARCH_CONFIG = 'haic_search';
const EXTENSIONS = ['pg_trgm', 'unaccent'];
/** Words kept for near misses: what a typo may stand for (a longer word is matched as typed). */
const WORD_LENGTHS = { min: 4, max: 64 };
const FUNCTION_PREFIX = 'haic_search_';

/**
 * ASCII punctuation, which PostgreSQL's parser reads as markup, addresses or compounds (`<b>` is dropped, a
 * script's text with it; `a@b.org` is one word; `AI-assisted` three): words are read with it as spaces, so
 * they are the runs of letters and digits SQLite's tokenizer reads; headlines are made with it as
 * private-use characters (which read as spaces too) and given back as written (restorePunctuation).
 */
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const PUNCTUATION_STANDINS = [...PUNCTUATION].map((_, i) => String.fromCharCode(0xe010 + i)).join('');
/** A SQL string literal; its question marks written chr(63), as knex reads `?` as a binding's place. */
const sqlString = (text: string) => `'${text.replace(/'/g, "''").replace(/\?/g, "' || chr(63) || '")}'`;
const asWords = (text: string) => `translate(${text}, ${sqlString(PUNCTUATION)}, ${sqlString(' '.repeat(PUNCTUATION.length))})`;
/** A text as ts_headline reads it. */
export const forHeadline = (text: string) => `translate(${text}, ${sqlString(PUNCTUATION)}, ${sqlString(PUNCTUATION_STANDINS)})`;
export const restorePunctuation = (headline: string) => headline.replace(/[\uE010-\uE02F]/g, (char) => PUNCTUATION[char.charCodeAt(0) - 0xe010] ?? char);

/** A text's tsvector; a row's is its title's words, then its text's. */
const vectorOf = (text: string) => `to_tsvector('${SEARCH_CONFIG}', ${asWords(text)})`;

/** engine.ts's sort key from a second, a kind's order and an id. */
const sortKeyOf = (second: string, order: string | number, id: string) =>
  `greatest(-${SORT_KEY.secondBound}, least(${SORT_KEY.secondBound}, ${second})) * ${SORT_KEY.secondFactor} + ${order} * ${SORT_KEY.kindFactor} + ${id} % ${SORT_KEY.kindFactor}`;

const secondOf = (value: string) => `floor(extract(epoch FROM ${value}))::bigint`;

/** Every text of a rich-text body (Strapi's blocks JSON) in order. */
const blocksText = (column: string) => `(SELECT string_agg(t #>> '{}', ' ') FROM jsonb_path_query(${column}::jsonb, 'strict $.**.text', '{}', true) AS t)`;

function sourceColumns(source: Source, r: string) {
  const body = source
    .body(r)
    .map((part) => `coalesce(${part.blocks ? blocksText(part.column) : `${part.column}::text`}, '')`)
    .join(` || ' ' || `);
  // A post's day is a date: its second is midnight UTC.
  const date = source.kind === 'blog' ? `(${source.date(r)})::timestamp AT TIME ZONE 'UTC'` : source.date(r);
  return { kind: source.kind, id: `${r}.id`, second: secondOf(date), title: `coalesce(${r}.title, '')`, body, url: `coalesce(${source.url(r)}, '')` };
}

/** What an index row holds, as SQL expressions over a source row. */
type Columns = ReturnType<typeof sourceColumns> | ReturnType<typeof playerColumns>;

const playerColumns = (b: string, username: string) => ({
  kind: 'players' as const,
  id: `${b}.user_id`,
  second: `floor(${b}.played_at / 1000)::bigint`,
  title: username,
  body: `''`,
  url: `coalesce('/runs/' || (SELECT s.document_id FROM ${PLAYER.runs} s WHERE s.id = ${b}.score_id), '/leaderboard')`,
});

const putArguments = (c: Columns) => [`'${c.kind}'`, c.id, c.second, c.title, c.body, c.url].join(', ');

/** The functions the triggers call, and the triggers (PostgreSQL 14+: CREATE OR REPLACE TRIGGER). */
function programs(): string[] {
  const kinds = `CASE p_kind ${Object.entries(KIND_ORDER)
    .map(([kind, order]) => `WHEN '${kind}' THEN ${order}`)
    .join(' ')} END`;
  const statements = [
    `CREATE OR REPLACE FUNCTION ${FUNCTION_PREFIX}put(p_kind text, p_id bigint, p_second bigint, p_title text, p_body text, p_url text) RETURNS void LANGUAGE plpgsql AS $$
     DECLARE
       v_title tsvector := ${vectorOf('p_title')};
       v tsvector := v_title || ${vectorOf('p_body')};
     BEGIN
       INSERT INTO ${SEARCH_TABLE} (kind, ref_id, sort_key, tsv, tsv_title) VALUES (p_kind, p_id, ${sortKeyOf('p_second', kinds, 'p_id')}, v, v_title)
       ON CONFLICT (kind, ref_id) DO UPDATE SET sort_key = excluded.sort_key, tsv = excluded.tsv, tsv_title = excluded.tsv_title;
       INSERT INTO ${SEARCH_TEXT} (kind, ref_id, title, body, url) VALUES (p_kind, p_id, p_title, p_body, p_url)
       ON CONFLICT (kind, ref_id) DO UPDATE SET title = excluded.title, body = excluded.body, url = excluded.url;
       -- In one order for every writer: two writers adding the same new words never wait on each other in a circle.
       INSERT INTO ${SEARCH_WORDS} (word) SELECT DISTINCT w FROM unnest(tsvector_to_array(v)) AS w
       WHERE length(w) BETWEEN ${WORD_LENGTHS.min} AND ${WORD_LENGTHS.max} ORDER BY w ON CONFLICT DO NOTHING;
     END $$`,
    `CREATE OR REPLACE FUNCTION ${FUNCTION_PREFIX}drop(p_kind text, p_id bigint) RETURNS void LANGUAGE sql AS $$
       DELETE FROM ${SEARCH_TABLE} WHERE kind = p_kind AND ref_id = p_id;
       DELETE FROM ${SEARCH_TEXT} WHERE kind = p_kind AND ref_id = p_id;
     $$`,
  ];
  for (const source of SOURCES) {
    const c = sourceColumns(source, 'NEW');
    statements.push(
      `CREATE OR REPLACE FUNCTION ${FUNCTION_PREFIX}${source.kind}() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP <> 'INSERT' AND ${source.shown('OLD')} THEN PERFORM ${FUNCTION_PREFIX}drop('${source.kind}', OLD.id); END IF;
         IF TG_OP <> 'DELETE' AND ${source.shown('NEW')} THEN PERFORM ${FUNCTION_PREFIX}put(${putArguments(c)}); END IF;
         RETURN NULL;
       END $$`,
      `CREATE OR REPLACE TRIGGER ${FUNCTION_PREFIX}${source.kind} AFTER INSERT OR UPDATE OR DELETE ON ${source.table} FOR EACH ROW EXECUTE FUNCTION ${FUNCTION_PREFIX}${source.kind}()`,
    );
  }
  const p = playerColumns('b', 'u.username');
  statements.push(
    // An account's row on the all-time board, put again (a new best, a new name) or gone.
    `CREATE OR REPLACE FUNCTION ${FUNCTION_PREFIX}put_player(p_user bigint) RETURNS void LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM ${FUNCTION_PREFIX}drop('players', p_user);
       PERFORM ${FUNCTION_PREFIX}put(${putArguments(p)})
       FROM ${PLAYER.bests} b JOIN ${PLAYER.users} u ON u.id = b.user_id
       WHERE b.period = 'all' AND b.period_key = 'all' AND b.player_key = 'u:' || p_user AND u.username IS NOT NULL;
     END $$`,
    `CREATE OR REPLACE FUNCTION ${FUNCTION_PREFIX}players() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_TABLE_NAME = '${PLAYER.users}' THEN
         PERFORM ${FUNCTION_PREFIX}put_player(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
         RETURN NULL;
       END IF;
       IF TG_OP <> 'INSERT' AND OLD.period = 'all' AND OLD.user_id IS NOT NULL THEN PERFORM ${FUNCTION_PREFIX}put_player(OLD.user_id); END IF;
       IF TG_OP <> 'DELETE' AND NEW.period = 'all' AND NEW.user_id IS NOT NULL THEN PERFORM ${FUNCTION_PREFIX}put_player(NEW.user_id); END IF;
       RETURN NULL;
     END $$`,
    `CREATE OR REPLACE TRIGGER ${FUNCTION_PREFIX}players AFTER INSERT OR UPDATE OR DELETE ON ${PLAYER.bests} FOR EACH ROW EXECUTE FUNCTION ${FUNCTION_PREFIX}players()`,
    `CREATE OR REPLACE TRIGGER ${FUNCTION_PREFIX}accounts AFTER UPDATE OF username OR DELETE ON ${PLAYER.users} FOR EACH ROW EXECUTE FUNCTION ${FUNCTION_PREFIX}players()`,
  );
  return statements;
}

const TRIGGERS = [...SOURCES.map((source) => `${FUNCTION_PREFIX}${source.kind}`), `${FUNCTION_PREFIX}players`, `${FUNCTION_PREFIX}accounts`];

const tableExists = async (knex: Knex, name: string) =>
  ((await knex.raw(`SELECT to_regclass(?) IS NOT NULL AS found`, [name])).rows[0] as { found: boolean }).found;

/** The rows of every shown source row, one statement per source (the rebuild), each source read once. */
function fillStatements(): string[] {
  const insert = (c: Columns, from: string) =>
    `WITH r AS MATERIALIZED (SELECT ${c.id} AS id, ${c.second} AS second, ${c.title} AS title, ${c.body} AS body, ${c.url} AS url ${from}),
          shown AS (INSERT INTO ${SEARCH_TEXT} (kind, ref_id, title, body, url) SELECT '${c.kind}', id, title, body, url FROM r)
     INSERT INTO ${SEARCH_TABLE} (kind, ref_id, sort_key, tsv, tsv_title)
     SELECT '${c.kind}', id, ${sortKeyOf('second', KIND_ORDER[c.kind], 'id')}, title_words || ${vectorOf('body')}, title_words
     FROM (SELECT r.*, ${vectorOf('title')} AS title_words FROM r) AS v`;
  return [
    ...SOURCES.map((source) => insert(sourceColumns(source, 'r'), `FROM ${source.table} r WHERE ${source.shown('r')}`)),
    insert(
      playerColumns('b', 'u.username'),
      `FROM ${PLAYER.bests} b JOIN ${PLAYER.users} u ON u.id = b.user_id WHERE b.period = 'all' AND b.period_key = 'all' AND u.username IS NOT NULL`,
    ),
    `INSERT INTO ${SEARCH_WORDS} (word) SELECT DISTINCT w FROM ${SEARCH_TABLE}, unnest(tsvector_to_array(tsv)) AS w
     WHERE length(w) BETWEEN ${WORD_LENGTHS.min} AND ${WORD_LENGTHS.max} ON CONFLICT DO NOTHING`,
  ];
}

export const postgresIndex = {
  async sourcesExist(knex: Knex): Promise<boolean> {
    for (const table of [...SOURCES.map((source) => source.table), PLAYER.bests, PLAYER.users]) if (!(await tableExists(knex, table))) return false;
    return true;
  },

  async complete(knex: Knex): Promise<boolean> {
    const { rows } = (await knex.raw(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname = ANY(?)`, [TRIGGERS])) as { rows: { tgname: string }[] };
    if (rows.length !== TRIGGERS.length) return false;
    for (const table of [SEARCH_TABLE, SEARCH_TEXT, SEARCH_WORDS]) if (!(await tableExists(knex, table))) return false;
    return true;
  },

  /** Makes the tables, the configuration, the functions and the triggers anew and fills the index from every row it shows. */
  async rebuild(knex: Knex): Promise<void> {
    for (const extension of EXTENSIONS) {
      try {
        await knex.raw(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
      } catch (error) {
        throw new Error(
          `Search needs the PostgreSQL extension ${extension} (shipped with PostgreSQL, in its contrib package), and this database user may not create it: ` +
            `run "CREATE EXTENSION ${extension};" as a superuser in this database, then start again (${(error as Error).message})`,
          { cause: error },
        );
      }
    }
    await knex.raw(`DROP TABLE IF EXISTS ${SEARCH_TABLE}, ${SEARCH_TEXT}, ${SEARCH_WORDS}`);
    await knex.raw(`DROP TEXT SEARCH CONFIGURATION IF EXISTS ${SEARCH_CONFIG}`);
    await knex.raw(`CREATE TEXT SEARCH CONFIGURATION ${SEARCH_CONFIG} (COPY = simple)`);
    await knex.raw(`ALTER TEXT SEARCH CONFIGURATION ${SEARCH_CONFIG} ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple`);
    await knex.raw(
      `CREATE TABLE ${SEARCH_TABLE} (kind varchar(16) NOT NULL, ref_id bigint NOT NULL, sort_key bigint NOT NULL, tsv tsvector NOT NULL, tsv_title tsvector NOT NULL, PRIMARY KEY (kind, ref_id))`,
    );
    await knex.raw(
      `CREATE TABLE ${SEARCH_TEXT} (kind varchar(16) NOT NULL, ref_id bigint NOT NULL, title text NOT NULL, body text NOT NULL, url text NOT NULL, PRIMARY KEY (kind, ref_id))`,
    );
    await knex.raw(`CREATE TABLE ${SEARCH_WORDS} (word text COLLATE "C" PRIMARY KEY)`);
    for (const sql of fillStatements()) await knex.raw(sql);
    // Built once the rows are in: one sort each, not a GIN insertion per row.
    await knex.raw(`CREATE INDEX ${SEARCH_TABLE}_tsv ON ${SEARCH_TABLE} USING gin (tsv)`);
    await knex.raw(`CREATE INDEX ${SEARCH_TABLE}_tsv_title ON ${SEARCH_TABLE} USING gin (tsv_title)`);
    await knex.raw(`CREATE INDEX ${SEARCH_TABLE}_sort ON ${SEARCH_TABLE} (sort_key DESC)`);
    await knex.raw(`CREATE INDEX ${SEARCH_WORDS}_trgm ON ${SEARCH_WORDS} USING gin (word gin_trgm_ops)`);
    for (const sql of programs()) await knex.raw(sql);
    await knex.raw(`ANALYZE ${SEARCH_TABLE}, ${SEARCH_TEXT}, ${SEARCH_WORDS}`);
  },
};
