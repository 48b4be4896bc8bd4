/**
 * Site search (api::search.search): GET /api/search and the /search page read here. The query is read once
 * (query.ts); a mistyped word is replaced by the indexed words one change away from it; the database's own
 * full-text engine finds, counts and marks the matches (sqlite-engine.ts, postgres-engine.ts): first those
 * whose title holds the query, then those whose text does, each newest first.
 */
import type { Core } from '@strapi/strapi';
import {
  SEARCH_MAX_PAGE,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_MAX_RESULTS,
  SEARCH_PAGE_SIZE,
  SEARCH_TYPES,
  SNIPPET_MARK_START,
  isSearchType,
  markedSnippet,
  searchQueryProblem,
  type FieldError,
  type SearchParams,
  type SearchResponse,
  type SearchResult,
  type SearchResultType,
} from '@haic/contract';
import { ApiError, invalid } from '../../../utils/api-error';
import { isClustered } from '../../../utils/cluster';
import { readWholeNumbers } from '../../../utils/query-params';
import type { MatchQuery, MatchRow, SearchEngine } from '../engine';
import { postgresEngine } from '../postgres-engine';
import { MAX_NEAR_WORDS, TYPO_TARGET_MIN, isOneEdit, parseQuery, typoCandidates, withNearWords, type ParsedQuery } from '../query';
import { sqliteEngine } from '../sqlite-engine';

export interface SearchService {
  /** The API's parameters read and checked: a 400 naming each one that is wrong. */
  params(query: Record<string, unknown>): SearchParams;
  search(params: SearchParams): Promise<SearchResponse>;
}

const DAY_SECONDS = 86_400;
/** The first second of tomorrow (UTC): a post is found from its day on, as the blog shows it. */
const tomorrowSecond = (now = Date.now()) => (Math.floor(now / 1000 / DAY_SECONDS) + 1) * DAY_SECONDS;

const hasMark = (text: string) => text.includes(SNIPPET_MARK_START);

function resultOf(row: MatchRow): SearchResult {
  // The text around the match; when only the title matched, the title with its words marked.
  const raw = hasMark(row.bodySnippet) ? row.bodySnippet : hasMark(row.markedTitle) ? row.markedTitle : row.bodySnippet || row.title;
  return {
    type: row.kind as SearchResultType,
    title: row.title,
    url: row.url,
    snippet: markedSnippet(raw),
    publishedAt: new Date(row.second * 1000).toISOString(),
  };
}

export default ({ strapi }: { strapi: Core.Strapi }): SearchService => {
  let engine: SearchEngine | null = null;
  const engineOf = () => (engine ??= isClustered(strapi) ? postgresEngine(() => strapi.db.connection) : sqliteEngine(() => strapi.db.connection));

  /** Each mistyped word (none of the indexed words begins with it) and the indexed words one change away. */
  async function nearMisses(query: ParsedQuery): Promise<Map<string, string[]>> {
    const near = new Map<string, string[]>();
    const words = typoCandidates(query);
    if (!words.length) return near;
    const known = await engineOf().knownWords(words);
    for (const word of words.filter((w) => !known.has(w))) {
      const found = (await engineOf().nearWords(word)).filter((candidate) => [...candidate].length >= TYPO_TARGET_MIN && isOneEdit(word, candidate));
      if (found.length) near.set(word, [...new Set(found)].sort().slice(0, MAX_NEAR_WORDS));
    }
    return near;
  }

  return {
    params(query) {
      const problems: FieldError[] = [];
      const q = Array.isArray(query.q) ? null : query.q;
      const qProblem = q === null ? 'q must be given once' : searchQueryProblem(q);
      if (qProblem) problems.push({ path: ['q'], message: qProblem });
      const type = query.type === undefined || query.type === '' ? 'all' : query.type;
      if (!isSearchType(type)) problems.push({ path: ['type'], message: `type must be one of ${SEARCH_TYPES.join(', ')}` });
      let paging = { page: 1, pageSize: SEARCH_PAGE_SIZE };
      try {
        paging = readWholeNumbers(query, {
          page: { fallback: 1, min: 1, max: SEARCH_MAX_PAGE },
          pageSize: { fallback: SEARCH_PAGE_SIZE, min: 1, max: SEARCH_MAX_PAGE_SIZE },
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        problems.push(...((error.details as { errors?: FieldError[] }).errors ?? []));
      }
      if (problems.length) throw invalid(problems);
      return { q: String(q).trim(), type: type as SearchParams['type'], ...paging };
    },

    async search({ q, type, page, pageSize }) {
      const answer: SearchResponse = { results: [], total: 0, page, pageSize };
      const parsed = parseQuery(q);
      if (!parsed.clauses.length) return answer;
      const match: MatchQuery = { query: withNearWords(parsed, await nearMisses(parsed)), type, beforeSecond: tomorrowSecond() };
      const search = engineOf();
      const offset = (page - 1) * pageSize;
      const take = Math.min(pageSize, SEARCH_MAX_RESULTS - offset);
      // Past the last result a search pages through: only the count.
      if (take <= 0) return { ...answer, total: await search.count(match, 'all', SEARCH_MAX_RESULTS) };
      if (offset === 0) {
        // The first page, the one nearly every search reads: the count and each tier's first rows at once.
        const [total, titled, text] = await Promise.all([
          search.count(match, 'all', SEARCH_MAX_RESULTS),
          search.rows(match, 'title', 0, take),
          search.rows(match, 'text', 0, take),
        ]);
        return { ...answer, results: [...titled, ...text].slice(0, Math.min(take, total)).map(resultOf), total };
      }
      // A later page starts where the title tier's count says: counted as far as this page reaches.
      const [total, titled] = await Promise.all([search.count(match, 'all', SEARCH_MAX_RESULTS), search.count(match, 'title', offset + take)]);
      const wanted = Math.max(0, Math.min(take, total - offset));
      const rows: MatchRow[] = [];
      if (wanted && offset < titled) rows.push(...(await search.rows(match, 'title', offset, Math.min(wanted, titled - offset))));
      if (rows.length < wanted) rows.push(...(await search.rows(match, 'text', Math.max(0, offset - titled), wanted - rows.length)));
      return { ...answer, results: rows.map(resultOf), total };
    },
  };
};
