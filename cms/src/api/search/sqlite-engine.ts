/**
 * Search on SQLite: FTS5 (index-sqlite.ts keeps the table). A query becomes a MATCH expression in which
 * every word is a quoted string (so no text is ever syntax), restricted to the title and body columns, and
 * to a kind by the kind column. The rowid is the sort key (engine.ts), so "newest first" is FTS5 reading its
 * index backwards and stopping at the page; the vocabulary (fts5vocab) answers which words exist.
 */
import type { Knex } from 'knex';
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@haic/contract';
import { oneEditVariants, type Clause, type Term } from './query';
import { SORT_KEY, type MatchQuery, type MatchRow, type SearchEngine, type Tier } from './engine';
import { SEARCH_TABLE, SEARCH_VOCABULARY } from './index-sqlite';

/** Words of a snippet around the matches (FTS5's token count, 64 at most). */
const SNIPPET_TOKENS = 24;
/** The highest code point: `word` then this is past every indexed word that begins with `word`. */
const LAST_CHARACTER = '\u{10FFFF}';

const phrase = (term: Term) => `"${term.words.join(' ').replace(/"/g, '""')}"${term.prefix ? '*' : ''}`;
const clause = (terms: Clause) => (terms.length === 1 ? phrase(terms[0]) : `(${terms.map(phrase).join(' OR ')})`);

/** The MATCH expression of a tier: the words in the title and body (all in the title for the title tier). */
export function matchExpression({ query, type }: MatchQuery, tier: Tier): string {
  const positive = query.clauses.map(clause).join(' AND ');
  const parts = [`{title body} : (${positive})`];
  if (type !== 'all') parts.unshift(`{kind} : "${type}"`);
  if (tier === 'title') parts.push(`{title} : (${positive})`);
  let expression = parts.map((part) => `(${part})`).join(' AND ');
  if (tier === 'text') expression = `(${expression}) NOT ({title} : (${positive}))`;
  if (query.excluded.length) expression = `(${expression}) NOT ({title body} : (${query.excluded.map(phrase).join(' OR ')}))`;
  return expression;
}

export function sqliteEngine(knex: () => Knex): SearchEngine {
  const all = async <T>(sql: string, bindings: unknown[]): Promise<T[]> => (await knex().raw(sql, bindings as Knex.RawBinding[])) as T[];
  const matching = `${SEARCH_TABLE} MATCH ? AND rowid < ? * ${SORT_KEY.secondFactor}`;

  return {
    async knownWords(words) {
      const known = new Set<string>();
      for (const word of words) {
        const found = await all(`SELECT 1 FROM ${SEARCH_VOCABULARY} WHERE term >= ? AND term < ? AND col IN ('title', 'body') AND doc > 0 LIMIT 1`, [
          word,
          `${word}${LAST_CHARACTER}`,
        ]);
        if (found.length) known.add(word);
      }
      return known;
    },

    async nearWords(word) {
      const rows = await all<{ term: string }>(
        `SELECT DISTINCT term FROM ${SEARCH_VOCABULARY} WHERE term IN (SELECT value FROM json_each(?)) AND col IN ('title', 'body') AND doc > 0`,
        [JSON.stringify(oneEditVariants(word))],
      );
      return rows.map((row) => row.term);
    },

    async count(match, tier, limit) {
      const rows = await all<{ n: number }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${SEARCH_TABLE} WHERE ${matching} LIMIT ?)`, [
        matchExpression(match, tier),
        match.beforeSecond,
        limit,
      ]);
      return Number(rows[0]?.n ?? 0);
    },

    async rows(match, tier, offset, limit) {
      const rows = await all<{ kind: string; title: string; url: string; second: number; bodySnippet: string | null; markedTitle: string | null }>(
        `SELECT kind, title, url, rowid >> ${SORT_KEY.secondBits} AS second,
                snippet(${SEARCH_TABLE}, 2, ?, ?, '…', ${SNIPPET_TOKENS}) AS bodySnippet,
                highlight(${SEARCH_TABLE}, 1, ?, ?) AS markedTitle
         FROM ${SEARCH_TABLE} WHERE ${matching} ORDER BY rowid DESC LIMIT ? OFFSET ?`,
        [SNIPPET_MARK_START, SNIPPET_MARK_END, SNIPPET_MARK_START, SNIPPET_MARK_END, matchExpression(match, tier), match.beforeSecond, limit, offset],
      );
      return rows.map(
        (row): MatchRow => ({ ...row, second: Number(row.second), bodySnippet: row.bodySnippet ?? '', markedTitle: row.markedTitle ?? row.title }),
      );
    },
  };
}
