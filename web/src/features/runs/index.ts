/** The players' pages: a run's page (its replay, Share, Race this run) and the Share control. */
export { RunView, racePath } from './RunView';
export { ShareButton } from './ShareButton';
export { runTitle } from './texts';
// Server render only (the router imports it in the server build).
export { runData } from './serverData';
