/** The HAIC contract: the one rulebook the site, the CMS and the seed import. */
export * from './game/constants';
export type * from './game/types';
export type * from './game/test-handle';
export { FixedStepClock } from './game/clock';
export { NO_INPUT, cameraX, currentScore, isFinished, secondsLeft, seedFromSession, startAtLevel, startGame, step } from './game/engine';
export { LEVELS, getLevel } from './game/levels';
export { computeScore, finalResult, maxCoinsThroughLevel, secondsFromSteps, timeBonus } from './game/score';
export {
  INPUT_JUMP,
  INPUT_LEFT,
  INPUT_RIGHT,
  InputRecorder,
  MAX_INPUT_LOG_LENGTH,
  canonicalInputLog,
  inputFromBits,
  inputLogTooLongMessage,
  maxGameSteps,
  parseInputLog,
  replayInputLog,
  replayMismatch,
} from './game/input-log';
export type { ReplayOutcome } from './game/input-log';
export { InputLogPlayer } from './game/log-player';
export * from './seasons';
export * from './scores';
export * from './rules/common';
export * from './rules/account';
export * from './rules/contact';
export * from './account-export';
export type * from './blog';
export * from './paging';
export * from './news';
export * from './search';
export * from './rules/limits';
export * from './http';
export { openApiDocument } from './openapi';
export * from './wallet';
export * from './live';
export * from './telegram';
