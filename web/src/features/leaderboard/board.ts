/** What /leaderboard shows (a period's board or a past season's standings), how it is read, and what changed between two reads. */
import { isLiveRefetch, type LiveBoardChange, type LiveRefetch } from '@haic/contract';
import { fetchLeaderboard, fetchSeason, type LeaderboardEntry, type LeaderboardPeriod } from './api';

export type View = { period: LeaderboardPeriod } | { season: string };

export interface Board {
  entries: LeaderboardEntry[];
  me: LeaderboardEntry | null;
  around: LeaderboardEntry[];
}

/** Reads the board of a view; `version` is a live event's, after which the read is made. */
export function loadBoard(view: View, signal: AbortSignal, version?: number): Promise<Board> {
  if ('season' in view) return fetchSeason(view.season, signal, version).then((standings) => ({ entries: standings.entries, me: null, around: [] }));
  return fetchLeaderboard(view.period, undefined, signal, version).then((result) => ({
    entries: result.entries,
    me: result.me ?? null,
    around: result.around ?? [],
  }));
}

/** Whether a board event changes what a view shows. */
export function affects(view: View, change: LiveBoardChange | LiveRefetch): boolean {
  if (isLiveRefetch(change)) return true;
  return 'season' in view ? change.season === view.season : change.periods.includes(view.period);
}

/** A row's identity across reads: its run (a player's better run is a new row). */
export const rowKey = (entry: LeaderboardEntry) => entry.runId ?? `${entry.player}|${entry.playedDate}`;

/**
 * The rows that are new or moved up between two reads (to mark them), and one sentence for a screen
 * reader: the best placed of them, and how many other rows moved.
 */
export function boardChanges(before: LeaderboardEntry[], after: LeaderboardEntry[]): { risen: Set<string>; message: string | null } {
  const ranks = new Map(before.map((entry) => [rowKey(entry), entry.rank]));
  const moved = after.filter((entry) => ranks.get(rowKey(entry)) !== entry.rank);
  const risen = moved.filter((entry) => (ranks.get(rowKey(entry)) ?? Infinity) > entry.rank);
  const lead = risen[0];
  if (!lead) return { risen: new Set(), message: moved.length ? `${moved.length} ${moved.length === 1 ? 'row' : 'rows'} moved.` : null };
  const others = moved.length - 1;
  return {
    risen: new Set(risen.map(rowKey)),
    message: `${lead.player} is now #${lead.rank} with ${lead.totalPoints.toLocaleString('en-US')} points${others ? `; ${others} other ${others === 1 ? 'row' : 'rows'} moved` : ''}.`,
  };
}
