/** Helpers for engine tests: small hand-made levels. Not used by the game itself. */
import { GROUND_Y, NURSE_HEIGHT } from './constants';
import type { Input, LevelData } from './types';

/** A flat test level (no gaps, nothing in it, patient far away at the right end) with overrides. */
export function makeTestLevel(overrides: Partial<LevelData> = {}): LevelData {
  const width = overrides.width ?? 2000;
  return {
    level: 1,
    name: 'Test',
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

export const RIGHT: Input = { left: false, right: true, jump: false };
export const LEFT: Input = { left: true, right: false, jump: false };
export const JUMP: Input = { left: false, right: false, jump: true };
export const JUMP_RIGHT: Input = { left: false, right: true, jump: true };
