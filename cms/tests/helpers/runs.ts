import crypto from 'crypto';
import { InputRecorder, NO_INPUT, finalResult, isFinished, startGame, step, type GameState, type Input, type ScoreResult } from '@haic/contract';
import { applyRuns, playerKey } from '../../src/api/game-score/figures-store';
import { gameScores } from '../../src/api/game-score/game-scores';
import { signTicket } from '../../src/api/game-score/run-ticket';
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
  const stored = await app.strapi.db.transaction(async ({ trx }) => {
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
  // As a submission does once a ranked run is stored: the boards' copies (and every answer tagged with the board) go.
  if (run.verified) gameScores(app.strapi).boards.forget();
  return stored;
}

export const RIGHT: Input = { left: false, right: true, jump: false };
export const JUMP_RIGHT: Input = { left: false, right: true, jump: true };
export type Player = (state: GameState) => Input;

// Each player waits a different number of steps before moving, as people do: every run's log is its own
// (a log that has ranked once never ranks again).
let waited = 0;
/** Walks right into the first gap of level 1, three times: never meets a virus, so any seed replays it. */
export const walker = (wait = ++waited): Player => {
  return (state) => (state.steps < wait ? NO_INPUT : RIGHT);
};
/** Jumps the first gap, then walks into the virus: when the nurse dies depends on the seed. */
export const intoTheVirus = (wait = ++waited): Player => {
  return (state) => (state.steps < wait ? NO_INPUT : state.nurse.x >= 790 && state.nurse.x < 800 ? JUMP_RIGHT : RIGHT);
};

/** The input log of these inputs, as the browser sends it. */
export function encodeInputs(inputs: Input[]): string {
  const recorder = new InputRecorder();
  for (const input of inputs) recorder.record(input);
  return recorder.encode();
}

/** Plays a real game in this process, as the browser does: the player's input every step until it ends. */
export function play(seed: number, player: Player): { inputLog: string; result: ScoreResult; steps: number; inputs: Input[] } {
  const inputs: Input[] = [];
  let state = startGame({ seed });
  while (!isFinished(state)) {
    const input = player(state);
    inputs.push(input);
    state = step(state, input);
  }
  return { inputLog: encodeInputs(inputs), result: finalResult(state), steps: state.steps, inputs };
}

/**
 * A real game's submission for a signed-in user, played with `seed` on a ticket the server signed ten
 * minutes ago: the replay verifies it and it ranks (the ticket is then stored as used by this run).
 * The nurse waits `wait` steps, then walks right into the first gap: every wait gives its own log.
 */
export function verifiedSubmission(userId: number, wait: number, seed = crypto.randomInt(0, 2 ** 32 - 1)) {
  const { inputLog, result } = play(seed, walker(wait));
  const ticket = signTicket({ runId: crypto.randomUUID(), seed, issuedAt: Date.now() - 10 * 60_000 }, { userId });
  return { ...result, sessionId: crypto.randomUUID(), inputLog, seed, ticket, userId };
}
