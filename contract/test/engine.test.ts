/** @jest-environment node */
import {
  CANVAS_HEIGHT,
  COINS_PER_EXTRA_LIFE,
  DYING_HOP,
  GRAVITY,
  GROUND_Y,
  JUMP_POWER,
  LEVEL_COMPLETE_DELAY_STEPS,
  LEVEL_COMPLETE_MESSAGE_FRAMES,
  NURSE_HEIGHT,
  ROCKET_FRAMES,
  SPEED,
  START_MESSAGE_FRAMES,
  STARTING_LIVES,
  TILE,
  CANVAS_WIDTH,
} from '../src/game/constants';
import { LEVELS } from '../src/game/levels';
import { NO_INPUT, cameraX, currentScore, isFinished, startAtLevel, startGame, step } from '../src/game/engine';
import { JUMP, JUMP_RIGHT, LEFT, RIGHT, makeTestLevel, stepMany } from './testing';
import type { GameState, LevelData } from '../src/game/types';

const STAND_Y = GROUND_Y - NURSE_HEIGHT; // 318

/** A game on the given levels, started at level 1, after one step so the nurse stands on the ground. */
function settled(levels: LevelData[], opts: { lives?: number; totalCoins?: number } = {}): GameState {
  const s = step(startAtLevel(1, { levels, ...opts }), NO_INPUT);
  expect(s.nurse.onGround).toBe(true);
  return s;
}

describe('constants', () => {
  it('have the values the game is tuned to', () => {
    expect(TILE).toBe(32);
    expect(GRAVITY).toBe(0.6);
    expect(JUMP_POWER).toBe(-14);
    expect(SPEED).toBe(4);
    expect(GROUND_Y).toBe(350);
    expect([CANVAS_WIDTH, CANVAS_HEIGHT]).toEqual([800, 400]);
    expect(START_MESSAGE_FRAMES).toBe(180);
    expect(LEVEL_COMPLETE_MESSAGE_FRAMES).toBe(120);
    expect(LEVEL_COMPLETE_DELAY_STEPS).toBe(120);
    expect(ROCKET_FRAMES).toBe(480);
    expect(STARTING_LIVES).toBe(3);
    expect(COINS_PER_EXTRA_LIFE).toBe(50);
  });

  it('virus speed goes from 2 at level 1 to 7 at level 10, evenly, each level carrying its own', () => {
    const speeds = LEVELS.map((level) => level.virusSpeed);
    expect(speeds[0]).toBe(2);
    expect(speeds[9]).toBe(7);
    // The doubles the first release computed (2 + (l - 1) * 5 / 9): recorded games replay the same.
    speeds.forEach((speed, i) => expect(speed).toBe(2 + (i * 5) / 9));
    for (let l = 1; l < speeds.length; l++) expect(speeds[l]).toBeGreaterThan(speeds[l - 1]!);
  });
});

describe('game lifecycle', () => {
  it('startGame plays level 1 with 3 lives', () => {
    const levels = [makeTestLevel()];
    const s = startGame({ levels });
    expect(s).toMatchObject({ status: 'playing', level: 1, lives: 3, totalCoins: 0, steps: 0 });
    expect(s.startMessageFrames).toBe(START_MESSAGE_FRAMES);
  });

  it('step does not mutate its input state', () => {
    const levels = [makeTestLevel()];
    const s = settled(levels);
    const copy = JSON.parse(JSON.stringify(s));
    step(s, JUMP_RIGHT);
    expect(s).toEqual(copy);
  });

  it('the start message counts down 180 frames and play continues meanwhile', () => {
    const levels = [makeTestLevel()];
    let s = startGame({ levels });
    s = stepMany(s, RIGHT, 179);
    expect(s.startMessageFrames).toBe(1);
    expect(s.nurse.x).toBe(100 + 179 * SPEED);
    s = step(s, RIGHT);
    expect(s.startMessageFrames).toBe(0);
    s = step(s, RIGHT);
    expect(s.startMessageFrames).toBe(0);
  });
});

describe('physics', () => {
  it('walks SPEED px per step and stays inside the level', () => {
    const levels = [makeTestLevel({ width: 400, patient: { x: 0, y: 0 } })];
    let s = settled(levels);
    s = step(s, RIGHT);
    expect(s.nurse.x).toBe(104);
    expect(s.nurse.facing).toBe(1);
    s = stepMany(s, LEFT, 100);
    expect(s.nurse.x).toBe(0);
    expect(s.nurse.facing).toBe(-1);
    s = stepMany(s, RIGHT, 200);
    expect(s.nurse.x).toBe(400 - 24);
  });

  it('gravity accelerates a falling nurse by 0.6 per step', () => {
    const levels = [makeTestLevel({ start: { x: 100, y: 100 } })];
    let s = startAtLevel(1, { levels });
    const ys: number[] = [];
    const vys: number[] = [];
    for (let i = 0; i < 4; i++) {
      s = step(s, NO_INPUT);
      ys.push(s.nurse.y);
      vys.push(s.nurse.vy);
    }
    expect(vys.map((v) => +v.toFixed(6))).toEqual([0.6, 1.2, 1.8, 2.4]);
    expect(ys.map((v) => +v.toFixed(6))).toEqual([100.6, 101.8, 103.6, 106]);
    expect(s.nurse.onGround).toBe(false);
  });

  it('jump arc: -14 then +0.6 per step, frame by frame, back to the ground', () => {
    const levels = [makeTestLevel()];
    let s = settled(levels);
    s = step(s, JUMP);
    expect(s.nurse.vy).toBe(-14);
    expect(s.nurse.y).toBe(STAND_Y - 14);
    expect(s.nurse.onGround).toBe(false);

    // Frame-by-frame against the closed form: after k steps vy = -14 + 0.6(k-1), y = 318 + sum(vy).
    let y = STAND_Y - 14;
    let vy = -14;
    const first: number[] = [+s.nurse.y.toFixed(6)];
    let frames = 1;
    let peak = s.nurse.y;
    while (!s.nurse.onGround) {
      s = step(s, NO_INPUT);
      frames++;
      vy += GRAVITY;
      y += vy;
      if (!s.nurse.onGround) {
        expect(s.nurse.vy).toBeCloseTo(vy, 9);
        expect(s.nurse.y).toBeCloseTo(y, 9);
      }
      if (first.length < 5) first.push(+s.nurse.y.toFixed(6));
      peak = Math.min(peak, s.nurse.y);
      expect(frames).toBeLessThan(100);
    }
    expect(first).toEqual([304, 290.6, 277.8, 265.6, 254]);
    expect(peak).toBeCloseTo(STAND_Y - 170.4, 6); // 24 rising steps: 14 + 13.4 + ... + 0.2
    expect(frames).toBe(48);
    expect(s.nurse.y).toBe(STAND_Y);
    expect(s.nurse.vy).toBe(0);
  });

  it('jumps only from the ground or a platform', () => {
    const levels = [makeTestLevel()];
    let s = settled(levels);
    s = step(s, JUMP);
    s = stepMany(s, NO_INPUT, 5);
    const vyBefore = s.nurse.vy;
    s = step(s, JUMP); // in the air: ignored
    expect(s.nurse.vy).toBeCloseTo(vyBefore + GRAVITY, 9);
    // In the air from the start (not yet landed): ignored too.
    const air = startAtLevel(1, { levels: [makeTestLevel({ start: { x: 100, y: 50 } })] });
    expect(step(air, JUMP).nurse.vy).toBeCloseTo(GRAVITY, 9);
  });

  it('lands on a platform from above and stands on it', () => {
    const platform = { x: 80, y: 250, w: 96, h: 16 };
    const levels = [makeTestLevel({ start: { x: 100, y: 150 }, platforms: [platform] })];
    let s = startAtLevel(1, { levels });
    let n = 0;
    while (!s.nurse.onGround && n++ < 100) s = step(s, NO_INPUT);
    expect(s.nurse.y).toBe(250 - NURSE_HEIGHT);
    expect(s.nurse.vy).toBe(0);
    s = stepMany(s, NO_INPUT, 30);
    expect(s.nurse.y).toBe(250 - NURSE_HEIGHT);
    expect(s.nurse.onGround).toBe(true);
  });

  it('platforms are one-way: jump up through one and land on top; walk off the edge and fall', () => {
    const platform = { x: 80, y: 250, w: 96, h: 16 };
    const levels = [makeTestLevel({ platforms: [platform] })];
    let s = settled(levels);
    s = step(s, JUMP);
    let n = 0;
    while (!s.nurse.onGround && n++ < 100) s = step(s, NO_INPUT);
    expect(s.nurse.y).toBe(250 - NURSE_HEIGHT);
    // Walk right off the end of the platform and fall back to the ground.
    s = stepMany(s, RIGHT, 20);
    expect(s.nurse.onGround).toBe(false);
    n = 0;
    while (!s.nurse.onGround && n++ < 100) s = step(s, RIGHT);
    expect(s.nurse.y).toBe(STAND_Y);
  });

  it('the side of the ground is solid for a nurse falling in a gap', () => {
    const levels = [
      makeTestLevel({
        ground: [
          { x: 0, w: 200 },
          { x: 232, w: 1768 },
        ],
      }),
    ];
    let s = settled(levels);
    // Walk into the gap (nurse 24 wide: over the gap once x > 200).
    while (s.nurse.x <= 200) s = step(s, RIGHT);
    while (s.nurse.y + NURSE_HEIGHT <= GROUND_Y + 4) s = step(s, NO_INPUT);
    s = stepMany(s, RIGHT, 3);
    expect(s.nurse.x).toBe(232 - 24);
    expect(s.status).toBe('playing');
  });
});

describe('gaps and viruses cost lives', () => {
  const gapLevel = (): LevelData[] => [
    makeTestLevel({
      ground: [
        { x: 0, w: 200 },
        { x: 300, w: 1700 },
      ],
      coins: [{ x: 150, y: 326 }],
    }),
  ];

  it('falling into a gap: dying once below the canvas, then the level restarts with one life less', () => {
    const levels = gapLevel();
    let s = settled(levels);
    let n = 0;
    while (s.status === 'playing' && n++ < 300) s = step(s, RIGHT);
    expect(s.status).toBe('dying');
    expect(s.nurse.y).toBeGreaterThan(CANVAS_HEIGHT);
    expect(s.lives).toBe(2);
    expect(s.totalCoins).toBe(1); // picked up the coin on the way
    s = step(s, NO_INPUT);
    expect(s.status).toBe('playing');
    expect(s.level).toBe(1);
    expect(s.lives).toBe(2);
    expect(s.nurse).toMatchObject({ x: 100, y: STAND_Y - 0, vx: 0, vy: 0 });
    expect(s.totalCoins).toBe(0); // the level restarts: its coins come back and the total is reset
    expect(s.coinsTaken).toEqual([false]);
    expect(s.startMessageFrames).toBe(START_MESSAGE_FRAMES);
  });

  it('falling with the last life is game over, and game over is final', () => {
    const levels = gapLevel();
    let s = settled(levels, { lives: 1 });
    let n = 0;
    while (s.status === 'playing' && n++ < 300) s = step(s, RIGHT);
    expect(s.status).toBe('dying');
    expect(s.lives).toBe(0);
    s = step(s, NO_INPUT);
    expect(s.status).toBe('gameOver');
    expect(isFinished(s)).toBe(true);
    const later = stepMany(s, RIGHT, 50);
    expect(later.status).toBe('gameOver');
    expect(later.steps).toBe(s.steps);
    expect(later.nurse).toEqual(s.nurse);
  });

  const virusLevel = (): LevelData[] => [makeTestLevel({ virusSpeed: 2, enemies: [{ x: 300, y: GROUND_Y - 24, minX: 300, maxX: 300 + 200 }] })];

  it('viruses patrol between minX and maxX at the level speed', () => {
    const levels = virusLevel();
    let s = startAtLevel(1, { levels });
    s = step(s, NO_INPUT);
    expect(s.viruses[0]?.x).toBe(300 + levels[0]!.virusSpeed);
    s = stepMany(s, NO_INPUT, 99);
    expect(s.viruses[0]?.x).toBe(500);
    expect(s.viruses[0]?.dir).toBe(-1);
    s = stepMany(s, NO_INPUT, 100);
    expect(s.viruses[0]?.x).toBe(300);
    expect(s.viruses[0]?.dir).toBe(1);
  });

  it('virus touch: a life is lost, the nurse hops and falls through the floor, then the level restarts', () => {
    const levels = virusLevel();
    let s = settled(levels);
    let n = 0;
    while (s.status === 'playing' && n++ < 200) s = step(s, RIGHT);
    expect(s.status).toBe('dying');
    expect(s.lives).toBe(2);
    expect(s.nurse.vy).toBe(DYING_HOP);
    const xAtDeath = s.nurse.x;
    // She rises a little, then falls through the ground (no collisions) and ignores input.
    s = step(s, RIGHT);
    expect(s.nurse.y).toBeLessThan(STAND_Y);
    expect(s.nurse.x).toBe(xAtDeath);
    n = 0;
    while (s.status === 'dying' && n++ < 200) {
      expect(s.lives).toBe(2);
      s = step(s, RIGHT);
    }
    expect(s.status).toBe('playing');
    expect(s.lives).toBe(2);
    expect(s.nurse.x).toBe(100);
    expect(s.viruses[0]?.x).toBe(300); // viruses are reset too
  });

  it('a virus touch with the last life ends the game once the nurse has fallen off screen', () => {
    const levels = virusLevel();
    let s = settled(levels, { lives: 1 });
    let n = 0;
    while (s.status === 'playing' && n++ < 200) s = step(s, RIGHT);
    expect(s.status).toBe('dying');
    expect(s.lives).toBe(0);
    n = 0;
    while (s.status === 'dying' && n++ < 200) s = step(s, NO_INPUT);
    expect(s.status).toBe('gameOver');
    expect(s.nurse.y).toBeGreaterThan(CANVAS_HEIGHT);
  });

  it('jumping over a virus is safe', () => {
    const levels = [makeTestLevel({ enemies: [{ x: 300, y: GROUND_Y - 24, minX: 300, maxX: 300 }] })];
    let s = settled(levels);
    while (s.nurse.x < 200) s = step(s, RIGHT);
    s = step(s, JUMP_RIGHT);
    s = stepMany(s, RIGHT, 60);
    expect(s.status).toBe('playing');
    expect(s.nurse.x).toBeGreaterThan(330);
  });
});

describe('coins and extra lives', () => {
  const coinRow = (n: number) => Array.from({ length: n }, (_, i) => ({ x: 140 + i * 20, y: GROUND_Y - 24 }));

  it('collecting a coin adds to the total and the score', () => {
    const levels = [makeTestLevel({ coins: coinRow(3) })];
    let s = settled(levels);
    const score0 = currentScore(s);
    s = stepMany(s, RIGHT, 40);
    expect(s.totalCoins).toBe(3);
    expect(s.coinsTaken).toEqual([true, true, true]);
    expect(currentScore(s)).toBe(score0 + 30);
    // A taken coin is not counted twice.
    s = stepMany(s, LEFT, 40);
    expect(s.totalCoins).toBe(3);
  });

  it('every 50 coins gives one extra life', () => {
    const levels = [makeTestLevel({ coins: coinRow(3) })];
    let s = settled(levels, { lives: 1, totalCoins: 48 });
    s = stepMany(s, RIGHT, 40); // 48 -> 51
    expect(s.totalCoins).toBe(51);
    expect(s.lives).toBe(2);
    expect(s.extraLifeCoins).toBe(50);
  });

  it('extra lives are capped at 3 and a capped milestone is not paid later', () => {
    const levels = [makeTestLevel({ coins: coinRow(3) })];
    let s = settled(levels, { lives: 3, totalCoins: 49 });
    s = stepMany(s, RIGHT, 40);
    expect(s.totalCoins).toBe(52);
    expect(s.lives).toBe(3);
    expect(s.extraLifeCoins).toBe(50);
  });

  it('coins collected again after a restart do not pay the same extra life twice', () => {
    const levels = [
      makeTestLevel({
        coins: coinRow(2),
        enemies: [{ x: 260, y: GROUND_Y - 24, minX: 260, maxX: 260 }],
      }),
    ];
    let s = settled(levels, { lives: 2, totalCoins: 49 });
    let n = 0;
    while (s.status === 'playing' && n++ < 100) s = step(s, RIGHT);
    expect(s.status).toBe('dying');
    expect(s.totalCoins).toBe(51);
    expect(s.lives).toBe(2); // 2 + 1 extra - 1 virus
    while (s.status === 'dying') s = step(s, NO_INPUT);
    expect(s.totalCoins).toBe(49);
    s = stepMany(s, RIGHT, 20);
    expect(s.totalCoins).toBe(51);
    expect(s.lives).toBe(2);
  });
});

describe('level complete, next level and the rocket', () => {
  /** Levels where the patient stands right next to the start. */
  const quickLevels = (count: number): LevelData[] =>
    Array.from({ length: count }, (_, i) =>
      makeTestLevel({
        level: i + 1,
        coins: [{ x: 130, y: GROUND_Y - 24 }],
        patient: { x: 160, y: GROUND_Y - 32 },
      }),
    );

  function toPatient(s: GameState): GameState {
    let n = 0;
    while (s.status === 'playing' && n++ < 100) s = step(s, RIGHT);
    return s;
  }

  it('reaching the patient shows the message for 120 frames and starts the next level after 2 s', () => {
    const levels = quickLevels(3);
    let s = toPatient(startGame({ levels }));
    expect(s.status).toBe('levelComplete');
    expect(s.levelCompleteFrames).toBe(0);
    expect(s.totalCoins).toBe(1);
    const steps0 = s.steps;
    s = stepMany(s, RIGHT, LEVEL_COMPLETE_DELAY_STEPS - 1);
    expect(s.status).toBe('levelComplete');
    expect(s.level).toBe(1);
    expect(s.levelCompleteFrames).toBe(119);
    expect(s.levelCompleteFrames).toBeLessThan(LEVEL_COMPLETE_MESSAGE_FRAMES);
    s = step(s, NO_INPUT);
    expect(s.status).toBe('playing');
    expect(s.level).toBe(2);
    expect(s.steps - steps0).toBe(120); // 2 s at 60 Hz
    expect(s.startMessageFrames).toBe(START_MESSAGE_FRAMES);
    expect(s.lives).toBe(3);
    expect(s.totalCoins).toBe(1); // coins carry over
    expect(s.coinsAtLevelStart).toBe(1);
    expect(s.nurse.x).toBe(100);
  });

  it('after the last level: the rocket (480 frames) then completed', () => {
    const levels = quickLevels(2);
    let s = toPatient(startGame({ levels }));
    s = stepMany(s, NO_INPUT, LEVEL_COMPLETE_DELAY_STEPS);
    expect(s.level).toBe(2);
    s = toPatient(s);
    expect(s.status).toBe('celebrating');
    expect(s.rocketFrames).toBe(0);
    s = stepMany(s, NO_INPUT, ROCKET_FRAMES - 1);
    expect(s.status).toBe('celebrating');
    expect(s.rocketFrames).toBe(ROCKET_FRAMES - 1);
    s = step(s, NO_INPUT);
    expect(s.status).toBe('completed');
    expect(isFinished(s)).toBe(true);
    const after = stepMany(s, RIGHT, 10);
    expect(after.status).toBe('completed');
    expect(after.steps).toBe(s.steps);
    expect(after.level).toBe(2);
    expect(after.totalCoins).toBe(2);
  });

  it('a virus touched in the same step as the patient does not matter: the patient wins', () => {
    const levels = [
      makeTestLevel({
        patient: { x: 140, y: GROUND_Y - 32 },
        // The virus hit box starts 3 px in: both are first touched at the same step.
        enemies: [{ x: 137, y: GROUND_Y - 24, minX: 137, maxX: 137 }],
      }),
      makeTestLevel(),
    ];
    const s = toPatient(startGame({ levels }));
    expect(s.status).toBe('levelComplete');
    expect(s.lives).toBe(3);
  });
});

describe('camera', () => {
  it('follows the nurse, clamped to the level', () => {
    const levels = [makeTestLevel({ width: 2000 })];
    const s = settled(levels);
    expect(cameraX(s)).toBe(0);
    const mid = { ...s, nurse: { ...s.nurse, x: 1000 } };
    expect(cameraX(mid)).toBe(1000 + 12 - 400);
    const end = { ...s, nurse: { ...s.nurse, x: 1990 } };
    expect(cameraX(end)).toBe(2000 - 800);
  });
});
