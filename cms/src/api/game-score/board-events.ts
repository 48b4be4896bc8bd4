/**
 * The board's live event (utils/live-bridge.ts) for a ranked run, once it is stored: it names the periods
 * whose current window the run now leads for its player (three primary-key reads of haic_player_bests), that
 * week (the season) and that day, and the run. A run that is its player's best nowhere changes no board and
 * raises nothing.
 */
import type { Knex } from 'knex';
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@haic/contract';
import { raiseLive } from '../../utils/live-bridge';
import { BESTS_TABLE, periodKey } from './figures-store';

/** A stored ranked run, as the board's live event names it. */
export interface RankedRun {
  scoreId: number;
  runId: string;
  playerKey: string;
  playedAt: Date;
}

export async function announceRankedRun(knex: Knex, { scoreId, runId, playerKey, playedAt }: RankedRun): Promise<LeaderboardPeriod[]> {
  const bests: Array<{ score_id: unknown } | undefined> = await Promise.all(
    LEADERBOARD_PERIODS.map((period) =>
      knex(BESTS_TABLE)
        .where({ period, period_key: periodKey(period, playedAt), player_key: playerKey })
        .first('score_id'),
    ),
  );
  const periods = LEADERBOARD_PERIODS.filter((_, i) => Number(bests[i]?.score_id) === scoreId);
  if (periods.length) raiseLive('board', { periods, season: periodKey('week', playedAt), day: periodKey('day', playedAt), runId });
  return periods;
}
