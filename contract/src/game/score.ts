import { SCORE_PER_COIN, SCORE_PER_LEVEL, STEPS_PER_SECOND, TIME_BONUS_MAX } from './constants';
import type { GameState, LevelData, ScoreResult } from './types';

/** Score = level * 100 + totalCoins * 10 (also the on-screen score). */
export function computeScore(level: number, totalCoins: number): number {
  return level * SCORE_PER_LEVEL + totalCoins * SCORE_PER_COIN;
}

/** Time bonus = max(0, 1000 - seconds elapsed). */
export function timeBonus(seconds: number): number {
  return Math.max(0, TIME_BONUS_MAX - seconds);
}

/** Whole seconds of game time for a number of fixed steps. */
export function secondsFromSteps(steps: number): number {
  return Math.floor(steps / STEPS_PER_SECOND);
}

/** The score submission numbers for a state (normally at game over or completion). */
export function finalResult(state: Pick<GameState, 'level' | 'totalCoins' | 'steps'>): ScoreResult {
  const score = computeScore(state.level, state.totalCoins);
  const timeElapsed = secondsFromSteps(state.steps);
  const bonusPoints = timeBonus(timeElapsed);
  return { score, level: state.level, timeElapsed, bonusPoints, totalPoints: score + bonusPoints };
}

/**
 * The most coins a player can hold having reached `level`: the sum of the coins of levels 1..level.
 * Used by the server to reject impossible submissions. Levels outside the range are clamped.
 */
export function maxCoinsThroughLevel(levels: readonly Pick<LevelData, 'coins'>[], level: number): number {
  const last = Math.min(Math.max(Math.floor(level), 0), levels.length);
  let total = 0;
  for (let i = 0; i < last; i++) total += levels[i]?.coins.length ?? 0;
  return total;
}
