/**
 * The Nurse Help Me feature. Only the page body is exported here: the engine, the renderer and the
 * canvas are loaded lazily by it, so importing this file never pulls the game into a bundle.
 */
export { NurseHelpMeGame } from './components/NurseHelpMeGame';
export { SCORE_MESSAGES, PENDING_SCORES_KEY, GAMES_PLAYED_KEY, claimGuestRuns } from './scores';
export { RunReplay } from './replay/RunReplay';
export { fetchRun, runPath, type PublicRun } from './runs';
