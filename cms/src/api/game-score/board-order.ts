/**
 * The board's order, in one place: more points first, then the earlier run, then the lower run id (a total
 * order, so every player has one rank). Everything that sorts, compares or indexes board rows reads it from
 * here: the comparator, the SQL ORDER BY, the "players ahead" predicate, the upsert's "beats the kept best"
 * condition and the board index's columns, so none of them can disagree.
 */
import type { Knex } from 'knex';

/** The keys of a board row that decide its place (haic_player_bests' columns). */
export interface BoardPlace {
  total_points: number;
  played_at: number;
  score_id: number;
}

/** The order's keys, most significant first: better is a higher total_points, then a lower played_at and score_id. */
const KEYS = [
  { column: 'total_points', better: 'desc' },
  { column: 'played_at', better: 'asc' },
  { column: 'score_id', better: 'asc' },
] as const;

/** Whether row a ranks above row b. */
export function ranksAbove(a: BoardPlace, b: BoardPlace): boolean {
  for (const { column, better } of KEYS) {
    if (a[column] !== b[column]) return better === 'desc' ? a[column] > b[column] : a[column] < b[column];
  }
  return false;
}

/** ORDER BY of a board query, best first (`prefix`: the table's alias, e.g. 'b.'); `reverse` for worst first. */
export const boardOrder = (prefix = '', reverse = false): { column: string; order: 'asc' | 'desc' }[] =>
  KEYS.map(({ column, better }) => ({ column: `${prefix}${column}`, order: reverse ? (better === 'asc' ? 'desc' : 'asc') : better }));

/** The board index's columns after the window's (period, period_key): the order, for reads in index order. */
export const BOARD_INDEX_COLUMNS = KEYS.map(({ column, better }) => (better === 'desc' ? `${column} desc` : column)).join(', ');

/** Narrows a query to the rows that rank above `row` (the players ahead of it): better on the first key that differs. */
export function aheadOf(query: Knex.QueryBuilder, row: BoardPlace, prefix = ''): Knex.QueryBuilder {
  const from = (at: number) => (q: Knex.QueryBuilder) => {
    const { column, better } = KEYS[at];
    q.where(`${prefix}${column}`, better === 'desc' ? '>' : '<', row[column]);
    if (at + 1 < KEYS.length) q.orWhere((tie) => tie.where(`${prefix}${column}`, row[column]).andWhere(from(at + 1)));
  };
  return query.andWhere(from(0));
}

/** SQL: whether the row `candidate` ranks above the row `held` (table names or aliases), for an upsert's WHERE. */
export function beatsSql(candidate: string, held: string, at = 0): string {
  const { column, better } = KEYS[at];
  const wins = `${candidate}.${column} ${better === 'desc' ? '>' : '<'} ${held}.${column}`;
  return at + 1 < KEYS.length ? `(${wins} or (${candidate}.${column} = ${held}.${column} and ${beatsSql(candidate, held, at + 1)}))` : wins;
}

/**
 * The seeks that read the rows just above (`up`) or just below `row`, nearest first: one per key, from the last
 * (the same points and time, a nearer id) to the first (other points), each a range of the board index, so
 * their cost does not grow with the row's rank. Each is applied to a query of the row's window.
 */
export function neighbourSeeks(row: BoardPlace, up: boolean, prefix = ''): Array<(query: Knex.QueryBuilder) => Knex.QueryBuilder> {
  return KEYS.map((_, at) => at)
    .reverse()
    .map((at) => (query: Knex.QueryBuilder) => {
      for (const { column } of KEYS.slice(0, at)) query.where(`${prefix}${column}`, row[column]);
      const { column, better } = KEYS[at];
      const towardsTop = better === 'desc' ? '>' : '<';
      const towardsBottom = better === 'desc' ? '<' : '>';
      return query.andWhere(`${prefix}${column}`, up ? towardsTop : towardsBottom, row[column]).orderBy(boardOrder(prefix, up).slice(at));
    });
}
