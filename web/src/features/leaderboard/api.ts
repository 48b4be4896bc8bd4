import {
  LEADERBOARD_DEFAULT_LIMIT,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardResponse,
  type SeasonStandings,
} from '@haic/contract';
import { api } from '../../lib/api';

export type { LeaderboardEntry, LeaderboardPeriod, LeaderboardResponse, SeasonStandings };

/** GET /api/leaderboard; the REST client adds the user token, so `me` (and `around`) are the signed-in player's. */
export function fetchLeaderboard(
  period: LeaderboardPeriod,
  limit = LEADERBOARD_DEFAULT_LIMIT,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> {
  return api.get<LeaderboardResponse>(`/api/leaderboard?period=${period}&limit=${limit}`, signal);
}

/** GET /api/leaderboard/seasons/{season}: a weekly season's standings (final once it has ended). */
export function fetchSeason(season: string, signal?: AbortSignal): Promise<SeasonStandings> {
  return api.get<SeasonStandings>(`/api/leaderboard/seasons/${season}?limit=${LEADERBOARD_DEFAULT_LIMIT}`, signal);
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
