import { LEADERBOARD_DEFAULT_LIMIT, type LeaderboardEntry, type LeaderboardPeriod, type LeaderboardResponse, type SeasonStandings } from '@haic/contract';
import { api } from '../../lib/api';

export type { LeaderboardEntry, LeaderboardPeriod, LeaderboardResponse, SeasonStandings };

/** `&v=N` after a live event of version N: no cache answers the read with a copy from before it (the server ignores it). */
const versioned = (version?: number) => (version === undefined ? '' : `&v=${version}`);

/** GET /api/leaderboard; the REST client adds the user token, so `me` (and `around`) are the signed-in player's. */
export function fetchLeaderboard(
  period: LeaderboardPeriod,
  limit = LEADERBOARD_DEFAULT_LIMIT,
  signal?: AbortSignal,
  version?: number,
): Promise<LeaderboardResponse> {
  return api.get<LeaderboardResponse>(`/api/leaderboard?period=${period}&limit=${limit}${versioned(version)}`, signal);
}

/** GET /api/leaderboard/seasons/{season}: a weekly season's standings (final once it has ended). */
export function fetchSeason(season: string, signal?: AbortSignal, version?: number): Promise<SeasonStandings> {
  return api.get<SeasonStandings>(`/api/leaderboard/seasons/${season}?limit=${LEADERBOARD_DEFAULT_LIMIT}${versioned(version)}`, signal);
}

/**
 * The signed-in player's best all-time run (its rank and run id), or null (no verified run yet, or the call
 * failed: only logged).
 */
export async function fetchBestRank(signal?: AbortSignal): Promise<{ rank: number; runId?: string } | null> {
  try {
    const board = await fetchLeaderboard('all', 1, signal);
    return board.me ? { rank: board.me.rank, runId: board.me.runId } : null;
  } catch (error) {
    if ((error as Error).name !== 'AbortError') console.warn('Could not load the best rank', error);
    return null;
  }
}
