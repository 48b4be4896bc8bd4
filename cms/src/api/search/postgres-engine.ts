/**
 * Search on PostgreSQL: the tsvector table under its GIN index (index-postgres.ts). A query becomes a
 * tsquery text in which every word is a quoted lexeme (so no text is ever syntax; to_tsquery reads it with
 * the index's own configuration): `'nurse':*` for a word and the words it begins, `'a' <-> 'b'` for a phrase,
 * weight A for the title. (websearch_to_tsquery reads the same words and phrases but cannot ask for the
 * words a word begins, which typing as you go needs.) ts_headline marks the shown rows' matches; near
 * misses come from the words' trigram index (pg_trgm).
 */
import type { Knex } from 'knex';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@haic/contract';
import type { Clause, ParsedQuery, Term } from './query';
import { SORT_KEY, type MatchQuery, type MatchRow, type SearchEngine, type Tier } from './engine';
import { SEARCH_CONFIG, SEARCH_TABLE, SEARCH_WORDS, forHeadline, restorePunctuation } from './index-postgres';

/** The headline of a row's text: one fragment of about 12 to 24 words around its best match. */
const BODY_HEADLINE = `StartSel="${SNIPPET_MARK_START}", StopSel="${SNIPPET_MARK_END}", MaxWords=24, MinWords=12, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;
const TITLE_HEADLINE = `StartSel="${SNIPPET_MARK_START}", StopSel="${SNIPPET_MARK_END}", HighlightAll=true`;
/** Candidates for a near miss read from the trigram index, most alike first (the service keeps the one-edit ones). */
const NEAR_CANDIDATES = 50;

const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

function tsTerm(term: Term, weight: string): string {
  if (term.words.length === 1) {
    const flags = `${term.prefix ? '*' : ''}${weight}`;
    return `${lexeme(term.words[0])}${flags ? `:${flags}` : ''}`;
  }
  return `(${term.words.map((word) => `${lexeme(word)}${weight ? `:${weight}` : ''}`).join(' <-> ')})`;
}

const tsClause = (terms: Clause, weight: string) => (terms.length === 1 ? tsTerm(terms[0], weight) : `(${terms.map((term) => tsTerm(term, weight)).join(' | ')})`);

/** Every clause, optionally in the title only (weight A). */
export const positiveQuery = (query: ParsedQuery, weight = '') => query.clauses.map((terms) => tsClause(terms, weight)).join(' & ');

/** The tsquery of a tier. */
export function tierQuery(query: ParsedQuery, tier: Tier): string {
  let all = `(${positiveQuery(query)})`;
  if (query.excluded.length) all = `${all} & !(${query.excluded.map((term) => tsTerm(term, '')).join(' | ')})`;
  if (tier === 'all') return all;
  return `${all} & ${tier === 'title' ? '' : '!'}(${positiveQuery(query, 'A')})`;
}

const tsquery = `to_tsquery('${SEARCH_CONFIG}', ?)`;

/** The rows of a tier (WHERE ..., with its bindings). */
function where(match: MatchQuery, tier: Tier): { sql: string; bindings: Knex.RawBinding[] } {
  const kind = match.type === 'all' ? '' : ' AND kind = ?';
  return {
    sql: `tsv @@ ${tsquery} AND sort_key < ?::bigint * ${SORT_KEY.secondFactor}${kind}`,
    bindings: [tierQuery(match.query, tier), match.beforeSecond, ...(match.type === 'all' ? [] : [match.type])],
  };
}

export function postgresEngine(knex: () => Knex): SearchEngine {
  const all = async <T>(sql: string, bindings: Knex.RawBinding[]): Promise<T[]> => ((await knex().raw(sql, bindings)) as { rows: T[] }).rows;

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
      const rows = await all<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${SEARCH_TABLE} WHERE ${sql} LIMIT ?) AS found`, [...bindings, limit]);
      return Number(rows[0]?.n ?? 0);
    },

    async rows(match, tier, offset, limit) {
      const { sql, bindings } = where(match, tier);
      const marked = positiveQuery(match.query);
      const rows = await all<{ kind: string; title: string; url: string; second: string; bodySnippet: string | null; markedTitle: string | null }>(
        `SELECT kind, title, url, sort_key >> ${SORT_KEY.secondBits} AS second,
                ts_headline('${SEARCH_CONFIG}', ${forHeadline('body')}, ${tsquery}, ?) AS "bodySnippet",
                ts_headline('${SEARCH_CONFIG}', ${forHeadline('title')}, ${tsquery}, ?) AS "markedTitle"
         FROM (SELECT kind, title, body, url, sort_key FROM ${SEARCH_TABLE} WHERE ${sql} ORDER BY sort_key DESC LIMIT ? OFFSET ?) AS page
         ORDER BY sort_key DESC`,
        [marked, BODY_HEADLINE, marked, TITLE_HEADLINE, ...bindings, limit, offset],
      );
      return rows.map((row): MatchRow => ({
        ...row,
        second: Number(row.second),
        bodySnippet: restorePunctuation(row.bodySnippet ?? ''),
        markedTitle: restorePunctuation(row.markedTitle ?? row.title),
      }));
    },
  };
}
