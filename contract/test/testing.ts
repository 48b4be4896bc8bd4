/** Helpers for engine tests: small hand-made levels and a loop of steps. Not used by the game itself. */
import { GROUND_Y, NURSE_HEIGHT } from '../src/game/constants';
import { step } from '../src/game/engine';
import type { GameState, Input, LevelData } from '../src/game/types';

/** A flat test level (no gaps, nothing in it, patient far away at the right end) with overrides. */
export function makeTestLevel(overrides: Partial<LevelData> = {}): LevelData {
  const width = overrides.width ?? 2000;
  return {
    level: 1,
    name: 'Test',
    timeLimit: 120,
    virusSpeed: 2,
    width,
    start: { x: 100, y: GROUND_Y - NURSE_HEIGHT },
    ground: [{ x: 0, w: width }],
    platforms: [],
    enemies: [],
    coins: [],
    patient: { x: width - 80, y: GROUND_Y - 32 },
    ...overrides,
  };
}

/** Runs `count` steps with the same input. */
export function stepMany(state: GameState, input: Input, count: number): GameState {
  let s = state;
  for (let i = 0; i < count; i++) s = step(s, input);
  return s;
}

export const RIGHT: Input = { left: false, right: true, jump: false };
export const LEFT: Input = { left: true, right: false, jump: false };
export const JUMP: Input = { left: false, right: false, jump: true };
export const JUMP_RIGHT: Input = { left: false, right: true, jump: true };
