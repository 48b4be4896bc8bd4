/** What a step did that the player hears: read from the states before and after it (the engine stays silent). */
import { JUMP_POWER, type GameState } from '@haic/contract';
import type { SoundEffect } from '../sound/sound';

export function stepEffects(before: GameState, after: GameState): SoundEffect[] {
  const effects: SoundEffect[] = [];
  if (before.status === 'playing') {
    if (after.status === 'playing' && before.nurse.onGround && after.nurse.vy === JUMP_POWER) effects.push('jump');
    if (after.totalCoins > before.totalCoins && after.level === before.level) effects.push('coin');
    if (after.status === 'dying') effects.push('hit');
    if (after.status === 'levelComplete') effects.push('levelDone');
    if (after.status === 'celebrating') effects.push('worldSaved');
  }
  if (after.status === 'gameOver' && before.status !== 'gameOver') effects.push('gameOver');
  return effects;
}
