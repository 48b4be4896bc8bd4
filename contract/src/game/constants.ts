/**
 * Nurse Help Me: every game constant in one place.
 * All physics values are per fixed step; the game runs at 60 steps per second.
 */

/** Fixed simulation rate. */
export const STEPS_PER_SECOND = 60;
/** Length of one fixed step in milliseconds. */
export const STEP_MS = 1000 / STEPS_PER_SECOND;

/** Canvas size in CSS pixels. */
export const CANVAS_WIDTH = 800;
export const CANVAS_HEIGHT = 400;

/** Tile size in pixels (level geometry is laid out on this grid). */
export const TILE = 32;
/** Downward acceleration added to the vertical velocity every step. */
export const GRAVITY = 0.6;
/** Vertical velocity set by a jump (negative is up). */
export const JUMP_POWER = -14;
/** Horizontal walking speed in pixels per step. */
export const SPEED = 4;
/** Top of the ground; the ground fills the canvas below this line. */
export const GROUND_Y = 350;

/** Lives at the start of a game, also the maximum number of lives. */
export const STARTING_LIVES = 3;
export const MAX_LIVES = 3;
/** Every this many collected coins (total over the game) gives one extra life. */
export const COINS_PER_EXTRA_LIFE = 50;

/** 'Level N' start message duration at the start of each level, in frames (steps). */
export const START_MESSAGE_FRAMES = 180;
/** 'Level Complete' message duration, in frames. */
export const LEVEL_COMPLETE_MESSAGE_FRAMES = 120;
/** Delay between completing a level and the next level starting: 2 s = 120 steps. */
export const LEVEL_COMPLETE_DELAY_STEPS = 2 * STEPS_PER_SECOND;
/** Rocket animation after the last level, in frames; then the game is completed. */
export const ROCKET_FRAMES = 480;

/** Score: level * SCORE_PER_LEVEL + totalCoins * SCORE_PER_COIN. */
export const SCORE_PER_LEVEL = 100;
export const SCORE_PER_COIN = 10;
/** Time bonus: max(0, TIME_BONUS_MAX - seconds elapsed). */
export const TIME_BONUS_MAX = 1000;

/** Sizes of the game objects (all positions are top-left corners). */
export const NURSE_WIDTH = 24;
export const NURSE_HEIGHT = 32;
export const VIRUS_SIZE = 24;
export const COIN_SIZE = 16;
export const PATIENT_WIDTH = 64;
export const PATIENT_HEIGHT = 32;
/** The virus hit box is shrunk by this many pixels on every side (fairer contact). */
export const VIRUS_HITBOX_INSET = 3;

/** Upward velocity of the little hop when the nurse touches a virus. */
export const DYING_HOP = -8;

/** Clock: at most this many steps are run for one animation frame (a hidden tab, a debugger pause). */
export const MAX_STEPS_PER_FRAME = 5;
