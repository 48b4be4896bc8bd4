import { NO_INPUT, startGame, step, type GameState, type Input } from '@haic/contract';
import { stepEffects } from './effects';

const JUMP: Input = { left: false, right: false, jump: true };
const RIGHT: Input = { left: false, right: true, jump: false };

/** Steps until `until` holds, collecting the effects heard on the way. */
function play(state: GameState, input: Input, until: (s: GameState) => boolean, limit = 5000) {
  const heard: string[] = [];
  for (let i = 0; i < limit && !until(state); i++) {
    const next = step(state, input);
    heard.push(...stepEffects(state, next));
    state = next;
  }
  return { state, heard };
}

describe('the sounds of a step', () => {
  test('a jump from the ground is heard once; standing still is silent', () => {
    const landed = play(startGame(), NO_INPUT, (s) => s.nurse.onGround);
    expect(landed.heard).toEqual([]);
    const jumped = play(landed.state, JUMP, (s) => !s.nurse.onGround);
    expect(jumped.heard).toEqual(['jump']);
  });

  test('running into the first gap: a hit per life lost, then game over', () => {
    const { heard } = play(startGame(), RIGHT, (s) => s.status === 'gameOver', 20_000);
    expect(heard.filter((e) => e === 'hit')).toHaveLength(3);
    expect(heard.at(-1)).toBe('gameOver');
  });
});
