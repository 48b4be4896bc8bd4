/**
 * Nurse Help Me game engine: pure functions, no DOM. The browser and the server's score check run
 * this same code, so a recorded input log replays to the same numbers everywhere.
 *
 *   let state = startGame({ seed });    // Start Game / Play Again: level 1, 3 lives, 'playing'
 *   state = step(state, input);        // one fixed 1/60 s step
 *
 * State machine:
 *   playing -> dying                            virus touch (lives - 1, the nurse hops and falls through
 *                                               everything), falling into a gap below the canvas, or the
 *                                               level's time limit running out (lives - 1)
 *   dying -> gameOver | playing (level restart) once the nurse is below the canvas: game over if lives <= 0
 *   playing -> levelComplete                    the nurse overlaps the patient (levels 1..9)
 *   levelComplete -> playing (next level)       after 120 steps (2 s); the message shows for those 120 frames
 *   playing -> celebrating                      the nurse reaches the patient of the last level
 *   celebrating -> completed                    after the 480-frame rocket animation ('World Saved!')
 *   gameOver, completed                         final; startGame() again for Play Again
 *
 * A restarted level is reset completely: viruses, coins, and the coin total goes back to what it was
 * when the level started (so the coin total can never exceed the coins of the levels reached).
 */
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  COINS_PER_EXTRA_LIFE,
  COIN_SIZE,
  DYING_HOP,
  GRAVITY,
  GROUND_Y,
  JUMP_POWER,
  LEVEL_COMPLETE_DELAY_STEPS,
  MAX_LIVES,
  NURSE_HEIGHT,
  NURSE_WIDTH,
  PATIENT_HEIGHT,
  PATIENT_WIDTH,
  ROCKET_FRAMES,
  SPEED,
  START_MESSAGE_FRAMES,
  STARTING_LIVES,
  STEPS_PER_SECOND,
  VIRUS_HITBOX_INSET,
  VIRUS_SIZE,
} from './constants';
import { LEVELS, getLevel } from './levels';
import { computeScore } from './score';
import type { EnemyData, GameState, Input, LevelData, NurseState, Rect, VirusState } from './types';

/** No keys pressed. */
export const NO_INPUT: Readonly<Input> = Object.freeze({ left: false, right: false, jump: false });

/** What survives from one level to the next (or to a restart of the same level). */
interface Carry {
  lives: number;
  totalCoins: number;
  extraLifeCoins: number;
  steps: number;
  tick: number;
}

/** True when the two rectangles overlap (touching edges do not count). */
function overlaps(ax: number, ay: number, aw: number, ah: number, bx: number, by: number, bw: number, bh: number): boolean {
  return ax < bx + bw && ax + aw > bx && ay < by + bh && ay + ah > by;
}

const groundCache = new WeakMap<LevelData, Rect[]>();

/** The level's ground spans as solid rectangles from GROUND_Y to the canvas bottom (cached per level). */
function groundRects(level: LevelData): Rect[] {
  let rects = groundCache.get(level);
  if (!rects) {
    rects = level.ground.map((g) => ({ x: g.x, y: GROUND_Y, w: g.w, h: CANVAS_HEIGHT - GROUND_Y }));
    groundCache.set(level, rects);
  }
  return rects;
}

/** 32-bit integer hash step (a small avalanche mix); deterministic on every JavaScript engine. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ b, 0x9e3779b1);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca77);
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The game seed for a session id (FNV-1a): the seed of a run played without a server-issued ticket (the
 * ticket carries its own seed), so such a run only replays under its own session.
 */
export function seedFromSession(sessionId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < sessionId.length; i++) {
    h ^= sessionId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Where a virus starts: seed 0 is the level data as written; any other seed moves it along its patrol
 * (the same ping-pong path it walks anyway), so two sessions never share virus timings.
 */
function placeVirus(e: EnemyData, seed: number, level: number, index: number): VirusState {
  const span = e.maxX - e.minX;
  if (seed === 0 || span <= 0) return { x: e.x, y: e.y, minX: e.minX, maxX: e.maxX, dir: 1 };
  const loop = 2 * span;
  const p = (e.x - e.minX + (mix(mix(seed, level), index) % loop)) % loop;
  return p < span ? { x: e.minX + p, y: e.y, minX: e.minX, maxX: e.maxX, dir: 1 } : { x: e.maxX - (p - span), y: e.y, minX: e.minX, maxX: e.maxX, dir: -1 };
}

interface GameSetup {
  levels: readonly LevelData[];
  seed: number;
}

/** A fresh state for a level: nurse at the start, viruses placed for the seed, start message on. */
function loadLevel(levelNumber: number, setup: GameSetup, carry: Carry): GameState {
  const level = getLevel(setup.levels, levelNumber);
  const nurse: NurseState = {
    x: level.start.x,
    y: level.start.y,
    vx: 0,
    vy: 0,
    onGround: false,
    facing: 1,
  };
  return {
    status: 'playing',
    levels: setup.levels,
    levelData: level,
    seed: setup.seed,
    level: levelNumber,
    lives: carry.lives,
    totalCoins: carry.totalCoins,
    coinsAtLevelStart: carry.totalCoins,
    extraLifeCoins: carry.extraLifeCoins,
    nurse,
    viruses: level.enemies.map((e, i) => placeVirus(e, setup.seed, levelNumber, i)),
    coinsTaken: level.coins.map(() => false),
    startMessageFrames: START_MESSAGE_FRAMES,
    levelCompleteFrames: 0,
    rocketFrames: 0,
    steps: carry.steps,
    levelSteps: 0,
    tick: carry.tick,
  };
}

interface GameOptions {
  /** The level set (default: the game's 10 levels). */
  levels?: readonly LevelData[];
  /** Virus placement seed (default 0: the level data as written); the game uses seedFromSession. */
  seed?: number;
}

const setupOf = (options: GameOptions): GameSetup => ({ levels: options.levels ?? LEVELS, seed: (options.seed ?? 0) >>> 0 });

/** Start Game and Play Again: level 1, 3 lives, no coins, 'playing'. */
export function startGame(options: GameOptions = {}): GameState {
  return loadLevel(1, setupOf(options), { lives: STARTING_LIVES, totalCoins: 0, extraLifeCoins: 0, steps: 0, tick: 0 });
}

/** A game started directly at a given level (the game page's test hook, tests, benchmarks). */
export function startAtLevel(level: number, options: GameOptions & { lives?: number; totalCoins?: number } = {}): GameState {
  const totalCoins = options.totalCoins ?? 0;
  return loadLevel(level, setupOf(options), {
    lives: options.lives ?? STARTING_LIVES,
    totalCoins,
    extraLifeCoins: Math.floor(totalCoins / COINS_PER_EXTRA_LIFE) * COINS_PER_EXTRA_LIFE,
    steps: 0,
    tick: 0,
  });
}

function moveViruses(viruses: VirusState[], speed: number): VirusState[] {
  const out = new Array<VirusState>(viruses.length);
  for (let i = 0; i < viruses.length; i++) {
    const v = viruses[i] as VirusState;
    let x = v.x + v.dir * speed;
    let dir = v.dir;
    if (x >= v.maxX) {
      x = v.maxX;
      dir = -1;
    } else if (x <= v.minX) {
      x = v.minX;
      dir = 1;
    }
    out[i] = { x, y: v.y, minX: v.minX, maxX: v.maxX, dir };
  }
  return out;
}

/** Moves the nurse one step with collisions against the ground (solid) and platforms (one-way). */
function moveNurse(n: NurseState, input: Input, level: LevelData): NurseState {
  const vx = (input.right ? SPEED : 0) - (input.left ? SPEED : 0);
  const facing: 1 | -1 = vx > 0 ? 1 : vx < 0 ? -1 : n.facing;
  let vy = n.vy + GRAVITY;
  if (input.jump && n.onGround) vy = JUMP_POWER;

  const ground = groundRects(level);

  // Horizontal: move, stay inside the level, and do not walk into the side of the ground.
  let x = n.x + vx;
  const maxX = level.width - NURSE_WIDTH;
  if (x < 0) x = 0;
  else if (x > maxX) x = maxX;
  for (let i = 0; i < ground.length; i++) {
    const r = ground[i] as Rect;
    if (overlaps(x, n.y, NURSE_WIDTH, NURSE_HEIGHT, r.x, r.y, r.w, r.h)) {
      x = vx > 0 ? r.x - NURSE_WIDTH : vx < 0 ? r.x + r.w : n.x;
    }
  }

  // Vertical: move, then land on the highest surface crossed from above this step.
  const prevBottom = n.y + NURSE_HEIGHT;
  let y = n.y + vy;
  let onGround = false;
  if (vy >= 0) {
    const bottom = y + NURSE_HEIGHT;
    let landY = Infinity;
    for (let i = 0; i < ground.length; i++) {
      const r = ground[i] as Rect;
      if (x < r.x + r.w && x + NURSE_WIDTH > r.x && prevBottom <= r.y && bottom >= r.y && r.y < landY) {
        landY = r.y;
      }
    }
    const platforms = level.platforms;
    for (let i = 0; i < platforms.length; i++) {
      const r = platforms[i] as Rect;
      if (x < r.x + r.w && x + NURSE_WIDTH > r.x && prevBottom <= r.y && bottom >= r.y && r.y < landY) {
        landY = r.y;
      }
    }
    if (landY !== Infinity) {
      y = landY - NURSE_HEIGHT;
      vy = 0;
      onGround = true;
    }
  }
  return { x, y, vx, vy, onGround, facing };
}

function touchesVirus(n: NurseState, viruses: VirusState[]): boolean {
  const s = VIRUS_SIZE - 2 * VIRUS_HITBOX_INSET;
  for (let i = 0; i < viruses.length; i++) {
    const v = viruses[i] as VirusState;
    if (overlaps(n.x, n.y, NURSE_WIDTH, NURSE_HEIGHT, v.x + VIRUS_HITBOX_INSET, v.y + VIRUS_HITBOX_INSET, s, s)) {
      return true;
    }
  }
  return false;
}

function stepPlaying(state: GameState, input: Input): GameState {
  const level = state.levelData;
  const nurse = moveNurse(state.nurse, input, level);
  const viruses = moveViruses(state.viruses, level.virusSpeed);

  // Coins.
  let coinsTaken = state.coinsTaken;
  let totalCoins = state.totalCoins;
  let lives = state.lives;
  let extraLifeCoins = state.extraLifeCoins;
  const coins = level.coins;
  for (let i = 0; i < coins.length; i++) {
    if (coinsTaken[i]) continue;
    const c = coins[i] as { x: number; y: number };
    if (overlaps(nurse.x, nurse.y, NURSE_WIDTH, NURSE_HEIGHT, c.x, c.y, COIN_SIZE, COIN_SIZE)) {
      if (coinsTaken === state.coinsTaken) coinsTaken = coinsTaken.slice();
      coinsTaken[i] = true;
      totalCoins++;
    }
  }
  while (totalCoins >= extraLifeCoins + COINS_PER_EXTRA_LIFE) {
    extraLifeCoins += COINS_PER_EXTRA_LIFE;
    lives = Math.min(MAX_LIVES, lives + 1);
  }

  const next: GameState = {
    ...state,
    nurse,
    viruses,
    coinsTaken,
    totalCoins,
    lives,
    extraLifeCoins,
    startMessageFrames: Math.max(0, state.startMessageFrames - 1),
    steps: state.steps + 1,
    levelSteps: state.levelSteps + 1,
    tick: state.tick + 1,
  };

  // Reaching the patient wins over a virus touched in the same step.
  const p = level.patient;
  if (overlaps(nurse.x, nurse.y, NURSE_WIDTH, NURSE_HEIGHT, p.x, p.y, PATIENT_WIDTH, PATIENT_HEIGHT)) {
    if (state.level >= state.levels.length) {
      return { ...next, status: 'celebrating', rocketFrames: 0, nurse: { ...nurse, vx: 0 } };
    }
    return { ...next, status: 'levelComplete', levelCompleteFrames: 0, nurse: { ...nurse, vx: 0 } };
  }
  if (touchesVirus(nurse, viruses)) {
    return {
      ...next,
      status: 'dying',
      lives: lives - 1,
      nurse: { ...nurse, vx: 0, vy: DYING_HOP, onGround: false },
    };
  }
  if (nurse.y > CANVAS_HEIGHT) {
    return { ...next, status: 'dying', lives: lives - 1, nurse: { ...nurse, vx: 0, onGround: false } };
  }
  if (next.levelSteps >= level.timeLimit * STEPS_PER_SECOND) {
    // Time is up: a lost life, like a virus touch.
    return { ...next, status: 'dying', lives: lives - 1, nurse: { ...nurse, vx: 0, vy: DYING_HOP, onGround: false } };
  }
  return next;
}

function stepDying(state: GameState): GameState {
  if (state.nurse.y > CANVAS_HEIGHT) {
    if (state.lives <= 0) return { ...state, status: 'gameOver', tick: state.tick + 1 };
    return loadLevel(state.level, state, {
      lives: state.lives,
      totalCoins: state.coinsAtLevelStart,
      extraLifeCoins: state.extraLifeCoins,
      steps: state.steps + 1,
      tick: state.tick + 1,
    });
  }
  // The nurse falls through everything; the viruses keep patrolling.
  const n = state.nurse;
  const vy = n.vy + GRAVITY;
  return {
    ...state,
    nurse: { ...n, vx: 0, vy, y: n.y + vy, onGround: false },
    viruses: moveViruses(state.viruses, state.levelData.virusSpeed),
    startMessageFrames: Math.max(0, state.startMessageFrames - 1),
    steps: state.steps + 1,
    levelSteps: state.levelSteps + 1,
    tick: state.tick + 1,
  };
}

/** Advances the game by one fixed step (1/60 s). Returns a new state; the input state is not modified. */
export function step(state: GameState, input: Input): GameState {
  switch (state.status) {
    case 'playing':
      return stepPlaying(state, input);
    case 'dying':
      return stepDying(state);
    case 'levelComplete': {
      const frames = state.levelCompleteFrames + 1;
      if (frames >= LEVEL_COMPLETE_DELAY_STEPS) {
        return loadLevel(state.level + 1, state, {
          lives: state.lives,
          totalCoins: state.totalCoins,
          extraLifeCoins: state.extraLifeCoins,
          steps: state.steps + 1,
          tick: state.tick + 1,
        });
      }
      return { ...state, levelCompleteFrames: frames, steps: state.steps + 1, tick: state.tick + 1 };
    }
    case 'celebrating': {
      const frames = state.rocketFrames + 1;
      return {
        ...state,
        status: frames >= ROCKET_FRAMES ? 'completed' : 'celebrating',
        rocketFrames: frames,
        steps: state.steps + 1,
        tick: state.tick + 1,
      };
    }
    case 'completed':
    case 'gameOver':
      // Nothing moves; the tick still runs so idle animations (the rocket's flame, the viruses) can wobble.
      return { ...state, tick: state.tick + 1 };
  }
}

/** True once the game has ended ('gameOver' or 'completed'): time to show the overlay and submit the score. */
export function isFinished(state: GameState): boolean {
  return state.status === 'gameOver' || state.status === 'completed';
}

/** The on-screen score: level * 100 + coins * 10. */
export function currentScore(state: GameState): number {
  return computeScore(state.level, state.totalCoins);
}

/**
 * Horizontal camera offset: follows the nurse, centred, clamped to the level.
 * While celebrating or completed it centres on the patient (where the rocket is).
 */
export function cameraX(state: GameState): number {
  const level = state.levelData;
  const max = Math.max(0, level.width - CANVAS_WIDTH);
  const focus = state.status === 'celebrating' || state.status === 'completed' ? level.patient.x + PATIENT_WIDTH / 2 : state.nurse.x + NURSE_WIDTH / 2;
  return Math.min(max, Math.max(0, Math.round(focus - CANVAS_WIDTH / 2)));
}

/** Whole seconds left on the current level's clock (the HUD shows it). */
export function secondsLeft(state: GameState): number {
  const left = state.levelData.timeLimit * STEPS_PER_SECOND - state.levelSteps;
  return Math.max(0, Math.ceil(left / STEPS_PER_SECOND));
}
