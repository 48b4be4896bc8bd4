import levelsFile from './levels.json';
import type { LevelData, LevelsFile } from './types';

/** The levels of Nurse Help Me: data (each with all of its tuning), shared by the game and the server's replay. */
export const LEVELS: readonly LevelData[] = (levelsFile as LevelsFile).levels;

/** The level data for a 1-based level number. Throws for a level that does not exist. */
export function getLevel(levels: readonly LevelData[], level: number): LevelData {
  const data = levels[level - 1];
  if (!data) throw new RangeError(`No level ${level} (there are ${levels.length})`);
  return data;
}
