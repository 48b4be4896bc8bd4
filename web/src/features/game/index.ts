/**
 * The Nurse Help Me feature. Only the page body is exported here: the engine, the renderer and the
 * canvas are loaded lazily by it, so importing this file never pulls the game into a bundle.
 */
export { NurseHelpMeGame } from './components/NurseHelpMeGame';
export { claimGuestRuns } from './api/guestRuns';
export { RunReplay } from './replay/RunReplay';
export { fetchRun, runPath, type PublicRun } from './api/runs';
