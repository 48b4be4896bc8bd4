/**
 * The game's test handle, window.__nurseHelpMe: what the site's game installs when a page asks for it before it
 * loads (web/src/features/game/loop/debugHook.ts), and what the browser tests and the frame-time benchmark drive a
 * game through. Declared here, the one place both sides read.
 */
import type { GameState } from './types';

/** How a test ends a game through the handle. */
export interface GameFinishOptions {
  level?: number;
  coins?: number;
  seconds?: number;
  completed?: boolean;
}

export interface GameTestHandle {
  /** The logical canvas size the game draws in (800x400). */
  size: { width: number; height: number };
  getState(): GameState;
  isPaused(): boolean;
  /** Ends the game now with these numbers (defaults: the current level and coins). */
  finish(options?: GameFinishOptions): void;
  forceGameOver(): void;
  /** Jumps to a level (benchmarks). */
  setLevel(level: number): void;
  /** The input log recorded so far. */
  inputLog(): string;
  /** The raced run's game at this step (a race), else null. */
  ghostState(): GameState | null;
  /** Update+draw durations (ms) of the frames since the last reset. */
  frameTimes(): number[];
  resetFrameTimes(): void;
}
