import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';

/**
 * The Nurse Help Me level data: the very file the game engine bundles
 * (web/src/features/game/engine/levels.json), read from disk so the game and the server
 * can never disagree on how many coins a level holds.
 */
export const LEVELS_FILE = path.join('..', 'web', 'src', 'features', 'game', 'engine', 'levels.json');

export interface GameLevels {
  /** Number of levels (10). */
  count: number;
  /** coinsThrough[l] = coins in levels 1..l (index 0 is 0). */
  coinsThrough: number[];
}

let cached: GameLevels | null = null;

export function levelsPath(strapi: Core.Strapi): string {
  return path.resolve(strapi.dirs.app.root, LEVELS_FILE);
}

/** Reads and checks levels.json; throws when it is missing or malformed (the server then fails to boot). */
export function loadGameLevels(strapi: Core.Strapi): GameLevels {
  if (cached) return cached;
  const file = levelsPath(strapi);
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    levels?: Array<{ coins?: unknown[] }>;
  };
  if (!Array.isArray(parsed.levels) || parsed.levels.length === 0) {
    throw new Error(`${file} holds no levels`);
  }
  const coinsThrough = [0];
  parsed.levels.forEach((level, i) => {
    if (!Array.isArray(level.coins)) throw new Error(`${file}: level ${i + 1} has no coins list`);
    coinsThrough.push(coinsThrough[i] + level.coins.length);
  });
  cached = { count: parsed.levels.length, coinsThrough };
  return cached;
}

/** The most coins a player can hold having reached `level` (sum of the coins of levels 1..level). */
export function maxCoinsThroughLevel(levels: GameLevels, level: number): number {
  return levels.coinsThrough[Math.min(Math.max(Math.floor(level), 0), levels.count)];
}
