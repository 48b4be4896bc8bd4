/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  COIN_SIZE,
  GROUND_Y,
  LEVEL_COMPLETE_DELAY_STEPS,
  NURSE_HEIGHT,
  NURSE_WIDTH,
  PATIENT_WIDTH,
  ROCKET_FRAMES,
  VIRUS_SIZE,
  CANVAS_WIDTH,
} from '../src/game/constants';
import { NO_INPUT, startAtLevel, startGame, step } from '../src/game/engine';
import { inputFromBits } from '../src/game/input-log';
import { LEVELS } from '../src/game/levels';
import { finalResult, maxCoinsThroughLevel } from '../src/game/score';
import { replay, solveLevel } from './solver';
import type { Solution } from './solver';
import type { GameState, LevelData } from '../src/game/types';

/** Number of gaps between ground spans. */
const gaps = (l: LevelData) => l.ground.length - 1;

describe('levels.json', () => {
  it('is plain JSON with a levels array of 10 levels (the game and the server replay share it)', () => {
    const raw = JSON.parse(readFileSync(join(__dirname, '..', 'src', 'game', 'levels.json'), 'utf8')) as { levels: LevelData[] };
    expect(Array.isArray(raw.levels)).toBe(true);
    expect(raw.levels).toHaveLength(LEVELS.length);
    expect(raw.levels).toEqual(LEVELS);
    raw.levels.forEach((l, i) => expect(l.level).toBe(i + 1));
  });

  it.each(LEVELS.map((l) => [l.level, l] as const))('level %i is well formed', (_n, l) => {
    expect(l.width).toBeGreaterThanOrEqual(CANVAS_WIDTH);
    expect(typeof l.name).toBe('string');
    expect(l.timeLimit).toBeGreaterThanOrEqual(60);
    // Ground spans are sorted, separate, inside the level, and the start stands on ground.
    let end = -1;
    for (const g of l.ground) {
      expect(g.x).toBeGreaterThan(end);
      expect(g.w).toBeGreaterThan(0);
      end = g.x + g.w;
    }
    expect(end).toBeLessThanOrEqual(l.width);
    expect(l.ground[0]?.x).toBe(0);
    expect(l.start.y).toBe(GROUND_Y - NURSE_HEIGHT);
    for (const p of l.platforms) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x + p.w).toBeLessThanOrEqual(l.width);
      // Low enough that whatever stands on it is drawn below the HUD (top 40 px).
      expect(p.y).toBeGreaterThanOrEqual(100);
      expect(p.y).toBeLessThan(GROUND_Y);
    }
    for (const e of l.enemies) {
      expect(e.minX).toBeLessThanOrEqual(e.maxX);
      expect(e.x).toBeGreaterThanOrEqual(e.minX);
      expect(e.x).toBeLessThanOrEqual(e.maxX);
      expect(e.maxX + VIRUS_SIZE).toBeLessThanOrEqual(l.width);
      // No virus anywhere near the start.
      expect(e.minX).toBeGreaterThan(l.start.x + NURSE_WIDTH + 150);
    }
    for (const c of l.coins) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.x + COIN_SIZE).toBeLessThanOrEqual(l.width);
      expect(c.y).toBeGreaterThanOrEqual(48);
      expect(c.y + COIN_SIZE).toBeLessThanOrEqual(GROUND_Y);
    }
    expect(l.patient.x + PATIENT_WIDTH).toBeLessThanOrEqual(l.width);
    expect(l.coins.length).toBeGreaterThan(0);
  });

  it('gets harder: more gaps, more viruses, higher platforms, wider levels', () => {
    for (let i = 1; i < LEVELS.length; i++) {
      const a = LEVELS[i - 1] as LevelData;
      const b = LEVELS[i] as LevelData;
      expect(gaps(b)).toBeGreaterThanOrEqual(gaps(a));
      expect(b.enemies.length).toBeGreaterThanOrEqual(a.enemies.length);
      expect(b.width).toBeGreaterThanOrEqual(a.width - 32);
      const top = (l: LevelData) => Math.min(...l.platforms.map((p) => p.y));
      expect(top(b)).toBeLessThanOrEqual(top(a));
    }
    const first = LEVELS[0] as LevelData;
    const last = LEVELS[LEVELS.length - 1] as LevelData;
    expect(gaps(last)).toBeGreaterThan(gaps(first));
    expect(last.enemies.length).toBeGreaterThan(first.enemies.length);
  });

  it('has enough coins in total for extra lives', () => {
    expect(maxCoinsThroughLevel(LEVELS, LEVELS.length)).toBeGreaterThanOrEqual(100);
  });
});

describe('a level is all data', () => {
  it('an added level changes nothing in the levels before it', () => {
    const last = LEVELS[LEVELS.length - 1] as LevelData;
    const extended: LevelData[] = [...LEVELS, { ...last, level: LEVELS.length + 1, virusSpeed: last.virusSpeed + 1 }];
    for (const level of LEVELS) {
      let before = startAtLevel(level.level);
      let after = startAtLevel(level.level, { levels: extended });
      // Ten seconds of the viruses patrolling while the nurse stands still.
      for (let i = 0; i < 600; i++) {
        before = step(before, NO_INPUT);
        after = step(after, NO_INPUT);
      }
      expect(after.viruses).toEqual(before.viruses);
      expect(after.nurse).toEqual(before.nurse);
      expect([after.status, after.lives, after.steps]).toEqual([before.status, before.lives, before.steps]);
    }
  });
});

describe('every level is winnable', () => {
  const solutions: (Solution | null)[] = [];

  it.each(LEVELS.map((l) => [l.level] as const))('level %i: the search reaches the patient', (level) => {
    const solution = solveLevel(level, { maxNodes: 5000 });
    solutions[level - 1] = solution;
    expect(solution).not.toBeNull();
    const s = solution as Solution;
    // Replayed from a fresh start the script reaches the patient without losing a life.
    const end = replay(level, s.runs);
    expect(end.status).toBe(level === LEVELS.length ? 'celebrating' : 'levelComplete');
    expect(end.lives).toBe(3);
    expect(end.levelSteps).toBe(s.steps);
  });

  it('a whole game played with those scripts saves the world', () => {
    let s: GameState = startGame();
    for (let level = 1; level <= LEVELS.length; level++) {
      const solution = solutions[level - 1] ?? solveLevel(level);
      expect(solution).toBeTruthy();
      expect(s.level).toBe(level);
      expect(s.status).toBe('playing');
      for (const [bits, count] of (solution as Solution).runs) {
        const input = inputFromBits(bits);
        for (let i = 0; i < count; i++) s = step(s, input);
      }
      if (level < LEVELS.length) {
        expect(s.status).toBe('levelComplete');
        for (let i = 0; i < LEVEL_COMPLETE_DELAY_STEPS; i++) s = step(s, NO_INPUT);
      }
    }
    expect(s.status).toBe('celebrating');
    for (let i = 0; i < ROCKET_FRAMES; i++) s = step(s, NO_INPUT);
    expect(s.status).toBe('completed');
    expect(s.lives).toBe(3);
    expect(s.totalCoins).toBeLessThanOrEqual(maxCoinsThroughLevel(LEVELS, 10));
    const result = finalResult(s);
    expect(result.level).toBe(10);
    expect(result.totalPoints).toBe(result.score + result.bonusPoints);
    expect(result.timeElapsed).toBe(Math.floor(s.steps / 60));
  });
});
