/** Nurse Help Me engine: pure TypeScript, no DOM. */
export * from './constants';
export type * from './types';
export {
  NO_INPUT,
  cameraX,
  createGame,
  currentScore,
  groundRects,
  isFinished,
  levelCoinsCollected,
  overlaps,
  restart,
  startAtLevel,
  startGame,
  step,
  stepMany,
} from './game';
export { FixedStepClock } from './clock';
export type { FixedStepClockOptions } from './clock';
export { LEVELS, getLevel } from './levels';
export { computeScore, finalResult, maxCoinsThroughLevel, secondsFromSteps, timeBonus } from './score';
export { INPUT_JUMP, INPUT_LEFT, INPUT_RIGHT, inputFromBits, replay, solveLevel } from './solver';
export type { InputRun, Solution, SolveOptions } from './solver';
