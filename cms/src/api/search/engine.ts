/**
 * What the search service asks of a database's full-text engine (sqlite-engine.ts, postgres-engine.ts).
 * Matches come in two tiers, each newest first: those whose title holds the whole query, then those that
 * hold it only with their text. Every count stops at `limit`; nothing reads a row that is not counted or shown.
 */
import type { SearchType } from '@haic/contract';
import type { ParsedQuery } from './query';

/** Which matches: all of them, the title tier, or the text tier. */
export type Tier = 'all' | 'title' | 'text';

export interface MatchQuery {
  query: ParsedQuery;
  type: SearchType;
  /** Only what is dated before this second (UTC) is found: a post dated tomorrow stays hidden until then. */
  beforeSecond: number;
}

/** A shown match as the engine gives it: its snippet and title with the matches between SNIPPET_MARK_START/END. */
export interface MatchRow {
  kind: string;
  title: string;
  url: string;
  /** When it was published (its sort time), in seconds since 1970. */
  second: number;
  /** Text around the matches in its body ('' when it has none). */
  bodySnippet: string;
  /** The title with its matches marked. */
  markedTitle: string;
}

export interface SearchEngine {
  /** The words that some indexed word (of a title or a text) begins with. */
  knownWords(words: string[]): Promise<Set<string>>;
  /** Indexed words that may be what `word` was meant to be (a superset: the service keeps the one-edit ones). */
  nearWords(word: string): Promise<string[]>;
  count(match: MatchQuery, tier: Tier, limit: number): Promise<number>;
  /** A tier's matches, newest first, from `offset`. */
  rows(match: MatchQuery, tier: Exclude<Tier, 'all'>, offset: number, limit: number): Promise<MatchRow[]>;
}

/**
 * A row's place in the search order, the same on both databases: newest first by the second it was
 * published (clamped to about ±126 years around 1970), then posts, news, players, then the higher id.
 * A 64-bit whole number: second × 2^31 + kind × 2^29 + id mod 2^29 (SQLite's rowid, PostgreSQL's sort_key).
 */
export const SORT_KEY = { secondBits: 31, secondFactor: 2 ** 31, kindFactor: 2 ** 29, secondBound: 4_000_000_000 };
/** The kinds of result as the index keeps them (the result types), and their order within one second. */
export const KIND_ORDER = { blog: 3, news: 2, players: 1 } as const;
