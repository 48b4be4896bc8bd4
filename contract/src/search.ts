/**
 * Site search (GET /api/search and the /search page): the parameters and their rules, the answer's shape,
 * and the one format of a result's snippet (the server writes it, the site reads it).
 */

/** What a search covers: everything, or one kind of result. */
export const SEARCH_TYPES = ['all', 'blog', 'news', 'players'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** A result's kind: the type filter that keeps it. */
export type SearchResultType = Exclude<SearchType, 'all'>;

/** The query's length after trimming, in characters. */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_MAX_PAGE_SIZE = 50;
/**
 * The most matches a search counts and pages through: past it a search answers `total` = this number (the
 * site says "1,000+"), so a word found in every row costs no more than one found in a thousand.
 */
export const SEARCH_MAX_RESULTS = 1000;
/** The highest page number a client may ask for (with pageSize 1, the last reachable result). */
export const SEARCH_MAX_PAGE = SEARCH_MAX_RESULTS;

export interface SearchResult {
  type: SearchResultType;
  /** A post's or news item's title; a player's name. */
  title: string;
  /** Where the result lives: a site path (a post, a player's best run) or a news article's own address. */
  url: string;
  /** Text around the match, safe to put into HTML: the matched words in `<mark>`, everything else escaped. */
  snippet: string;
  /** ISO date: a post's publication day, a news item's date, a player's best run. */
  publishedAt: string;
}

/** GET /api/search?q=&type=&page=&pageSize= */
export interface SearchResponse {
  results: SearchResult[];
  /** Matches in all, counted up to SEARCH_MAX_RESULTS. */
  total: number;
  page: number;
  pageSize: number;
}

/** A search as the server runs it (the API's parameters, read and checked). */
export interface SearchParams {
  q: string;
  type: SearchType;
  page: number;
  pageSize: number;
}

/** What is wrong with a query (a message naming the rule), or null. The query is trimmed first. */
export function searchQueryProblem(q: unknown): string | null {
  const text = typeof q === 'string' ? q.trim() : '';
  if (typeof q !== 'string' || text.length < SEARCH_QUERY_MIN || text.length > SEARCH_QUERY_MAX) {
    return `q must be ${SEARCH_QUERY_MIN} to ${SEARCH_QUERY_MAX} characters`;
  }
  return null;
}

export const isSearchType = (value: unknown): value is SearchType => typeof value === 'string' && (SEARCH_TYPES as readonly string[]).includes(value);

/**
 * Where a match starts and ends in the text the databases give back (private-use characters, never
 * markup): markedSnippet turns it into the HTML a snippet is.
 */
export const SNIPPET_MARK_START = '\uE000';
export const SNIPPET_MARK_END = '\uE001';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeText = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/**
 * A snippet from text with match marks: every character escaped, each marked run in `<mark>`, runs of white
 * space as one space. Marks that do not pair (a stray one in the text itself) never leave a tag open.
 */
export function markedSnippet(raw: string): string {
  let html = '';
  let open = false;
  for (const piece of raw
    .replace(/\s+/g, ' ')
    .trim()
    .split(/([\uE000\uE001])/)) {
    if (piece === SNIPPET_MARK_START || piece === SNIPPET_MARK_END) {
      const opening = piece === SNIPPET_MARK_START;
      if (opening !== open) html += opening ? '<mark>' : '</mark>';
      open = opening;
    } else {
      html += escapeText(piece);
    }
  }
  return (open ? `${html}</mark>` : html).replace(/<mark><\/mark>/g, '');
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** A snippet read back as text pieces, marked or not: the site renders it without parsing any HTML. */
export function snippetSegments(snippet: string): Array<{ text: string; marked: boolean }> {
  const segments: Array<{ text: string; marked: boolean }> = [];
  let marked = false;
  for (const piece of snippet.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>' || piece === '</mark>') {
      marked = piece === '<mark>';
      continue;
    }
    const text = piece.replace(/&(amp|lt|gt|quot|#39);/g, (entity, name: string) => HTML_ENTITIES[name] ?? entity);
    if (text) segments.push({ text, marked });
  }
  return segments;
}
