/**
 * window.__nurseHelpMe: the handle the browser tests and the frame-time benchmark drive a game through,
 * loaded and installed only where a page asks for it first (./frameTimes.ts). It sits beside the loop, not
 * inside it: the loop offers its state and a way to replace it, and this module turns them into test moves.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH, ROCKET_FRAMES, STEPS_PER_SECOND, startAtLevel, type GameFinishOptions, type GameTestHandle } from '@haic/contract';
import type { FrameTimes } from './frameTimes';
import type { GameLoop } from './gameLoop';

declare global {
  interface Window {
    __nurseHelpMe?: GameTestHandle;
  }
}

/** Installs window.__nurseHelpMe for this loop; returns its removal. */
export function installDebugHook(loop: GameLoop, frameTimes: FrameTimes): () => void {
  const finish = (options: GameFinishOptions = {}) => {
    const state = loop.state();
    const completed = options.completed ?? false;
    loop.replaceState({
      ...state,
      status: completed ? 'completed' : 'gameOver',
      level: options.level ?? (completed ? state.levels.length : state.level),
      totalCoins: options.coins ?? state.totalCoins,
      steps: options.seconds !== undefined ? options.seconds * STEPS_PER_SECOND : state.steps,
      lives: completed ? state.lives : 0,
      rocketFrames: completed ? ROCKET_FRAMES : state.rocketFrames,
    });
  };
  window.__nurseHelpMe = {
    size: { width: CANVAS_WIDTH, height: CANVAS_HEIGHT },
    getState: () => loop.state(),
    isPaused: () => loop.isPaused(),
    finish,
    forceGameOver: () => finish(),
    setLevel: (level: number) => loop.replaceState(startAtLevel(level, { seed: loop.state().seed })),
    inputLog: () => loop.inputLog(),
    ghostState: () => loop.ghostState(),
    frameTimes: frameTimes.list,
    resetFrameTimes: frameTimes.reset,
  };
  return () => {
    delete window.__nurseHelpMe;
  };
}
