/** The figures this browser keeps of its own games: the high score and the number of games played. */
import { STORAGE_KEYS } from '../../lib/storage';

function readNumber(key: string): number {
  const value = Number(localStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The local high score: the best game score (level*100 + coins*10, the number the game shows). */
export const readHighScore = () => readNumber(STORAGE_KEYS.highScore);

/** Records a finished game's score; returns the (possibly new) high score. */
export function recordHighScore(score: number): number {
  const best = Math.max(readHighScore(), score);
  localStorage.setItem(STORAGE_KEYS.highScore, String(best));
  return best;
}

export const readGamesPlayed = () => readNumber(STORAGE_KEYS.gamesPlayed);

export function recordGamePlayed(): number {
  const count = readGamesPlayed() + 1;
  localStorage.setItem(STORAGE_KEYS.gamesPlayed, String(count));
  return count;
}
