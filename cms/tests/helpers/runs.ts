import crypto from 'crypto';
import { applyRuns, playerKey } from '../../src/api/game-score/figures-store';
import type { TestApp } from './strapi';

export const GAME_SCORE = 'api::game-score.game-score';

export interface StoredRunOwner {
  user?: number | null;
  guestWallet?: string | null;
}

/**
 * A stored run, written as a submission writes it: the row with its player key and the player's kept
 * figures, in one transaction. The replay and the tickets are covered in score-verification and
 * run-tickets; these tests need runs at chosen dates and points.
 */
export async function storeRun(
  app: TestApp,
  owner: StoredRunOwner,
  values: { totalPoints?: number; score?: number; level?: number; timeElapsed?: number; playedDate?: Date; verified?: boolean } = {},
) {
  const userId = owner.user ?? null;
  const guestWallet = userId === null ? (owner.guestWallet ?? null) : null;
  const score = values.score ?? 300;
  const totalPoints = values.totalPoints ?? 1175;
  const run = {
    score,
    totalPoints,
    bonusPoints: totalPoints - score,
    level: values.level ?? 3,
    timeElapsed: values.timeElapsed ?? 125,
    playedDate: values.playedDate ?? new Date(),
    verified: values.verified ?? false,
  };
  return app.strapi.db.transaction(async ({ trx }) => {
    const row = await app.strapi.db.query(GAME_SCORE).create({
      data: {
        ...run,
        user: userId,
        guestWallet,
        playerKey: playerKey({ userId, guestWallet }),
        sessionId: crypto.randomUUID(),
        playedDate: run.playedDate.toISOString(),
      },
    });
    await applyRuns(trx, [{ ...run, scoreId: row.id, userId, guestWallet, playedAt: run.playedDate.getTime() }]);
    return row;
  });
}
