/**
 * Search on PostgreSQL: the tsvectors under their GIN indexes (index-postgres.ts). A query becomes a
 * tsquery text in which every word is a quoted lexeme (so no text is ever syntax; to_tsquery reads it with
 * the index's own configuration): `'nurse':*` for a word and the words it begins, `'a' <-> 'b'` for a phrase.
 * (websearch_to_tsquery reads the same words and phrases but cannot ask for the
 * words a word begins, which typing as you go needs.) ts_headline marks the shown rows' matches; near
 * misses come from the words' trigram index (pg_trgm).
 */
import type { Knex } from 'knex';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@haic/contract';
import type { Clause, ParsedQuery, Term } from './query';
import { SORT_KEY, type MatchQuery, type MatchRow, type SearchEngine, type Tier } from './engine';
import { SEARCH_CONFIG, SEARCH_TABLE, SEARCH_TEXT, SEARCH_WORDS, forHeadline, restorePunctuation } from './index-postgres';

/** The headline of a row's text: one fragment of about 12 to 24 words around its best match. */
const BODY_HEADLINE = `StartSel="${SNIPPET_MARK_START}", StopSel="${SNIPPET_MARK_END}", MaxWords=24, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;
const TITLE_HEADLINE = `StartSel="${SNIPPET_MARK_START}", StopSel="${SNIPPET_MARK_END}", HighlightAll=true`;
/** Candidates for a near miss read from the trigram index, most alike first (the service keeps the one-edit ones). */
const NEAR_CANDIDATES = 50;

const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function tsTerm(term: Term): string {
  if (term.words.length === 1) return `${lexeme(term.words[0])}${term.prefix ? ':*' : ''}`;
  return `(${term.words.map(lexeme).join(' <-> ')})`;
}

const tsClause = (terms: Clause) => (terms.length === 1 ? tsTerm(terms[0]) : `(${terms.map(tsTerm).join(' | ')})`);

/** Every clause: what the title must hold for the title tier, and what ts_headline marks. */
export const positiveQuery = (query: ParsedQuery) => query.clauses.map(tsClause).join(' & ');

/** Any of the excluded terms. */
const excludedQuery = (query: ParsedQuery) => query.excluded.map(tsTerm).join(' | ');

/** Every clause, and none of the excluded terms: what a match holds in its title and text. */
export function matchQuery(query: ParsedQuery): string {
  const positive = `(${positiveQuery(query)})`;
  return query.excluded.length ? `${positive} & !(${excludedQuery(query)})` : positive;
}

const tsquery = `to_tsquery('${SEARCH_CONFIG}', ?)`;

/**
 * The rows of a tier (WHERE ..., with its bindings). The title tier is read from the title's own tsvector
 * alone (what a title holds, the row holds): one small index, not the two of them ANDed.
 */
function where(match: MatchQuery, tier: Tier): { sql: string; bindings: Knex.RawBinding[] } {
  const conditions: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  const add = (condition: string, binding: Knex.RawBinding) => {
    conditions.push(condition);
    bindings.push(binding);
  };
  if (tier === 'title') {
    add(`tsv_title @@ ${tsquery}`, positiveQuery(match.query));
    if (match.query.excluded.length) add(`NOT tsv @@ ${tsquery}`, excludedQuery(match.query));
  } else {
    add(`tsv @@ ${tsquery}`, matchQuery(match.query));
    if (tier === 'text') add(`NOT tsv_title @@ ${tsquery}`, positiveQuery(match.query));
  }
  add(`sort_key < ?::bigint * ${SORT_KEY.secondFactor}`, match.beforeSecond);
  if (match.type !== 'all') add('kind = ?', match.type);
  return { sql: conditions.join(' AND '), bindings };
}

/**
 * PostgreSQL guesses a phrase as common as its words together, and would read the whole table (or all of it
 * in order) to find a rare one: a query with a phrase is read through its index (the words' rows, then their
 * positions) only.
 */
const hasPhrase = (query: ParsedQuery) => [...query.clauses.flat(), ...query.excluded].some((term) => term.words.length > 1);

export function postgresEngine(knex: () => Knex): SearchEngine {
  /** The rows of a query; `throughIndex`: with the plans that read the table whole or in order turned off. */
  const all = async <T>(sql: string, bindings: Knex.RawBinding[], throughIndex = false): Promise<T[]> => {
    if (!throughIndex) return ((await knex().raw(sql, bindings)) as { rows: T[] }).rows;
    return knex().transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off');
      return ((await trx.raw(sql, bindings)) as { rows: T[] }).rows;
    });
  };

  return {
    async knownWords(words) {
      const rows = await all<{ w: string }>(
        `SELECT w FROM unnest(?::text[]) AS w WHERE EXISTS (SELECT 1 FROM ${SEARCH_WORDS} WHERE word >= w AND word < w || chr(1114111))`,
        [words],
      );
      return new Set(rows.map((row) => row.w));
    },

    async nearWords(word) {
      const length = [...word].length;
      const rows = await all<{ word: string }>(
        `SELECT word FROM ${SEARCH_WORDS} WHERE word % ? AND length(word) BETWEEN ? AND ? ORDER BY similarity(word, ?) DESC, word LIMIT ${NEAR_CANDIDATES}`,
        [word, length - 1, length + 1, word],
      );
      return rows.map((row) => row.word);
    },

    async count(match, tier, limit) {
      const { sql, bindings } = where(match, tier);
      const rows = await all<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${SEARCH_TABLE} WHERE ${sql} LIMIT ?) AS found`,
        [...bindings, limit],
        hasPhrase(match.query),
      );
      return Number(rows[0]?.n ?? 0);
    },

    async rows(match, tier, offset, limit) {
      const { sql, bindings } = where(match, tier);
      const marked = positiveQuery(match.query);
      const rows = await all<{ kind: string; title: string; url: string; second: string; bodySnippet: string | null; markedTitle: string | null }>(
        `SELECT page.kind, t.title, t.url, page.sort_key >> ${SORT_KEY.secondBits} AS second,
                ts_headline('${SEARCH_CONFIG}', ${forHeadline('t.body')}, ${tsquery}, ?) AS "bodySnippet",
                ts_headline('${SEARCH_CONFIG}', ${forHeadline('t.title')}, ${tsquery}, ?) AS "markedTitle"
         FROM (SELECT kind, ref_id, sort_key FROM ${SEARCH_TABLE} WHERE ${sql} ORDER BY sort_key DESC LIMIT ? OFFSET ?) AS page
         JOIN ${SEARCH_TEXT} t ON t.kind = page.kind AND t.ref_id = page.ref_id
         ORDER BY page.sort_key DESC`,
        [marked, BODY_HEADLINE, marked, TITLE_HEADLINE, ...bindings, limit, offset],
        hasPhrase(match.query),
      );
      return rows.map(
        (row): MatchRow => ({
          ...row,
          second: Number(row.second),
          bodySnippet: restorePunctuation(row.bodySnippet ?? ''),
          markedTitle: restorePunctuation(row.markedTitle ?? row.title),
        }),
      );
    },
  };
}
