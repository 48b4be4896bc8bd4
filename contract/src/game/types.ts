/** Types shared by the engine, the renderer and the game page. No DOM here. */

/** Axis-aligned rectangle, top-left corner plus size, in level pixels. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface Point {
  x: number;
  y: number;
}

/** A stretch of solid ground, from x to x + w, with its top at GROUND_Y. Gaps are where no span is. */
interface GroundSpan {
  x: number;
  w: number;
}

/** A virus patrolling horizontally: x, y is its top-left corner at the start; its x stays in [minX, maxX]. */
export interface EnemyData {
  x: number;
  y: number;
  minX: number;
  maxX: number;
}

/** One level as stored in levels.json. All coordinates are top-left corners in level pixels. */
export interface LevelData {
  /** 1-based level number. */
  level: number;
  name: string;
  /** Seconds the nurse has to reach the patient; when it runs out she loses a life. Bounds every game's length. */
  timeLimit: number;
  /** How fast the viruses patrol, in pixels per step. Each level carries its own, so adding a level changes none before it. */
  virusSpeed: number;
  /** Level width in pixels (the camera scrolls when it is wider than the canvas). */
  width: number;
  /** Where the nurse appears (top-left of her 24x32 box). */
  start: Point;
  /** Solid ground spans (top at GROUND_Y, down to the canvas bottom). */
  ground: GroundSpan[];
  /** Floating platforms: one-way, the nurse lands on them from above and can jump up through them. */
  platforms: Rect[];
  /** Viruses (24x24). */
  enemies: EnemyData[];
  /** Coins (16x16). */
  coins: Point[];
  /** The patient in bed (64x32); overlapping it completes the level. */
  patient: Point;
}

/** The shape of levels.json. */
export interface LevelsFile {
  levels: LevelData[];
}

/** Input for one step. */
export interface Input {
  left: boolean;
  right: boolean;
  jump: boolean;
}

type GameStatus = 'playing' | 'dying' | 'levelComplete' | 'celebrating' | 'completed' | 'gameOver';

export interface NurseState {
  x: number;
  y: number;
  vx: number;
  vy: number;
  onGround: boolean;
  /** 1 facing right, -1 facing left. */
  facing: 1 | -1;
}

export interface VirusState {
  x: number;
  y: number;
  minX: number;
  maxX: number;
  /** 1 moving right, -1 moving left. */
  dir: 1 | -1;
}

/** Full game state. Treated as immutable: step() returns a new object. */
export interface GameState {
  status: GameStatus;
  /** The level set this game is played on, and the current level's data (the level travels with the state). */
  levels: readonly LevelData[];
  levelData: LevelData;
  /** Per-game seed (from the session id): sets where each virus is on its patrol when a level starts. */
  seed: number;
  /** Current 1-based level. */
  level: number;
  lives: number;
  /** Coins collected over the whole game (including the current level). */
  totalCoins: number;
  /** totalCoins when the current level (re)started; a restart after a lost life returns to it. */
  coinsAtLevelStart: number;
  /** Coin count (a multiple of 50) up to which extra lives have already been given. */
  extraLifeCoins: number;
  nurse: NurseState;
  viruses: VirusState[];
  /** One flag per coin of the current level. */
  coinsTaken: boolean[];
  /** Frames left of the 'Level N' start message (180 at the start of each level). */
  startMessageFrames: number;
  /** Steps since the level was completed (status 'levelComplete'). */
  levelCompleteFrames: number;
  /** Steps of the rocket animation so far (status 'celebrating'). */
  rocketFrames: number;
  /** Steps of game time since Start (drives timeElapsed); stops at game over or completion. */
  steps: number;
  /** Steps since the current level (re)started. */
  levelSteps: number;
  /** Steps since the state was created, in every status; for animations only. */
  tick: number;
}

/** Numbers sent with a score submission. */
export interface ScoreResult {
  score: number;
  level: number;
  /** Whole seconds. */
  timeElapsed: number;
  bonusPoints: number;
  totalPoints: number;
}
