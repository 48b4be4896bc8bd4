/** @jest-environment node */
import { LEVELS, NO_INPUT, ROCKET_FRAMES, START_MESSAGE_FRAMES, startAtLevel, startGame, step, type GameState, type Input } from '@haic/contract';
import { drawGame } from './drawGame';
import { rocketPosition, ROCKET_TIMELINE } from './rocket';

function stepMany(state: GameState, input: Input, count: number): GameState {
  let s = state;
  for (let i = 0; i < count; i++) s = step(s, input);
  return s;
}

interface Recorder {
  ctx: CanvasRenderingContext2D;
  calls: Map<string, number>;
  texts: string[];
  gradients: number;
  props: Record<string, unknown>;
  reset(): void;
}

/** A fake 2D context that accepts every call and records the interesting ones. */
function recorder(): Recorder {
  const calls = new Map<string, number>();
  const texts: string[] = [];
  const props: Record<string, unknown> = {};
  const rec: Recorder = {
    ctx: null as unknown as CanvasRenderingContext2D,
    calls,
    texts,
    gradients: 0,
    props,
    reset() {
      calls.clear();
      texts.length = 0;
    },
  };
  rec.ctx = new Proxy(props, {
    get(target, name: string) {
      if (name in target) return target[name];
      return (...args: unknown[]) => {
        calls.set(name, (calls.get(name) ?? 0) + 1);
        if (name === 'fillText' || name === 'strokeText') texts.push(String(args[0]));
        if (name === 'createLinearGradient') {
          rec.gradients++;
          return { addColorStop() {} };
        }
        if (name === 'measureText') return { width: 10 };
        return undefined;
      };
    },
    set(target, name: string, value) {
      target[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return rec;
}

function toCelebrating(): GameState {
  // Put the nurse right next to the last patient.
  const last = LEVELS[LEVELS.length - 1];
  if (!last) throw new Error('no levels');
  let s = startAtLevel(LEVELS.length);
  s = { ...s, nurse: { ...s.nurse, x: last.patient.x - 20, y: last.patient.y, onGround: false, vy: 0 } };
  s = step(s, { left: false, right: true, jump: false });
  expect(s.status).toBe('celebrating');
  return s;
}

describe('drawGame', () => {
  it('draws the start message with the level and a hint for 180 frames', () => {
    const r = recorder();
    let s = startGame();
    drawGame(r.ctx, s);
    expect(r.texts).toContain('Level 1');
    expect(r.texts.some((t) => /jump/i.test(t))).toBe(true);
    expect(r.texts.some((t) => t.startsWith('Score'))).toBe(true);
    s = stepMany(s, NO_INPUT, START_MESSAGE_FRAMES);
    r.reset();
    drawGame(r.ctx, s);
    expect(r.texts).not.toContain('Level 1');
    expect(r.texts).toContain('Level 1/10');
    expect(r.texts).toContain('Score 100');
  });

  it('balances save/restore and creates the sky gradient once per context', () => {
    const r = recorder();
    let s = startGame();
    for (let i = 0; i < 30; i++) {
      s = step(s, { left: false, right: true, jump: i % 10 === 0 });
      drawGame(r.ctx, s);
    }
    expect(r.calls.get('save')).toBe(r.calls.get('restore'));
    expect(r.gradients).toBe(1);
    expect(r.props.shadowBlur).toBeUndefined();
    expect(r.calls.get('drawImage')).toBeUndefined();
  });

  it('shows the level complete message', () => {
    const r = recorder();
    const first = LEVELS[0];
    if (!first) throw new Error('no levels');
    let s = startGame();
    s = { ...s, nurse: { ...s.nurse, x: first.patient.x - 20, y: first.patient.y } };
    s = step(s, NO_INPUT);
    expect(s.status).toBe('levelComplete');
    drawGame(r.ctx, s);
    expect(r.texts).toContain('Level Complete!');
  });

  it('shows the rocket and then World Saved! after level 10', () => {
    const r = recorder();
    let s = toCelebrating();
    drawGame(r.ctx, s);
    expect(r.texts).not.toContain('World Saved!');
    s = stepMany(s, NO_INPUT, ROCKET_TIMELINE.savedFrom + 10);
    r.reset();
    drawGame(r.ctx, s);
    expect(r.texts).toContain('World Saved!');
    s = stepMany(s, NO_INPUT, ROCKET_FRAMES);
    expect(s.status).toBe('completed');
    r.reset();
    drawGame(r.ctx, s);
    expect(r.texts).toContain('World Saved!');
  });

  it('the rocket lands, waits on the ground, then climbs out of view', () => {
    const level = LEVELS[LEVELS.length - 1];
    if (!level) throw new Error('no levels');
    const landed = rocketPosition(level, ROCKET_TIMELINE.landEnd);
    expect(rocketPosition(level, 0).y).toBeLessThan(landed.y);
    expect(rocketPosition(level, ROCKET_TIMELINE.boardEnd).y).toBe(landed.y);
    expect(rocketPosition(level, ROCKET_FRAMES).y).toBeLessThan(-100);
  });

  it('draws every state without throwing', () => {
    const r = recorder();
    const states: GameState[] = [
      { ...startGame(), status: 'gameOver' },
      { ...startGame(), status: 'dying', nurse: { ...startGame().nurse, vy: -8 } },
      ...LEVELS.map((l) => startAtLevel(l.level)),
    ];
    for (const s of states) expect(() => drawGame(r.ctx, s)).not.toThrow();
    expect(r.texts).toContain('Game Over');
  });
});
