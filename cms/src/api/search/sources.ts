/**
 * What the search index shows, for both databases' index builders (index-sqlite.ts, index-postgres.ts):
 * the tables, which of their rows are found, and what of each row is searched and shown. Each part is a
 * SQL expression over a row alias (`new`, `old`, or the table's alias in a rebuild).
 */
import { BESTS_TABLE, SCORES_TABLE } from '../game-score/figures-store';

export interface Source {
  kind: 'blog' | 'news';
  table: string;
  /** Whether the row is found: a published post (its published row; a draft row never is), an active news item. */
  shown(row: string): string;
  /** When it was published (a post's day, a news item's time): its place in the order. */
  date(row: string): string;
  /** Its searched text beside the title; `blocks` is rich text (Strapi's blocks JSON), read for its texts. */
  body(row: string): Array<{ column: string; blocks?: boolean }>;
  url(row: string): string;
}

export const SOURCES: readonly Source[] = [
  {
    kind: 'blog',
    table: 'blog_posts',
    shown: (row) => `${row}.published_at IS NOT NULL`,
    date: (row) => `${row}.published_date`,
    body: (row) => [{ column: `${row}.summary` }, { column: `${row}.body`, blocks: true }],
    url: (row) => `'/blog/' || ${row}.slug`,
  },
  {
    kind: 'news',
    table: 'news_items',
    shown: (row) => `${row}.is_active`,
    date: (row) => `${row}.published_date`,
    body: (row) => [{ column: `${row}.description` }, { column: `${row}.source` }],
    url: (row) => `${row}.url`,
  },
];

/**
 * Players: each account on the all-time board (a row of haic_player_bests, period 'all'), by its username,
 * linking to its best run's page and dated by it. Guests are on the board under a masked wallet id, which
 * names nobody: they are not searched.
 */
export const PLAYER = { bests: BESTS_TABLE, users: 'up_users', runs: SCORES_TABLE } as const;
