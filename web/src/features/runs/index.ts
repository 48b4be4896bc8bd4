/** The players' pages: a run's page (its replay, Share, Race this run) and the Share control. */
export { RunView, racePath } from './RunView';
export { ShareButton } from './ShareButton';
export { runTitle } from './texts';
