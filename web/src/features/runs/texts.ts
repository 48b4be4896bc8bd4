/** What a run's page says about it: its title, its description (link previews), and why it has no replay. */
import type { PublicRun } from '@haic/contract';
import { formatDuration } from '../../lib/format';

const points = (n: number) => n.toLocaleString('en-US');

export const runTitle = (run: PublicRun) => `${run.player}: ${points(run.totalPoints)} points, level ${run.level}`;

export const runDescription = (run: PublicRun) =>
  `${run.player} scored ${points(run.totalPoints)} points in Nurse Help Me!, reaching level ${run.level} in ${formatDuration(run.timeElapsed)}.` +
  (run.inputLog ? ' Watch the run replayed exactly as the server verified it.' : '');

export const RUN_TEXTS = {
  notVerified: 'This run is not verified: it was saved but never ranked, so it is not replayed.',
  noLog: 'No replay for this run: its input log was not kept (it was played before replays were stored).',
  missing: 'Run not found',
  missingHint: 'This run does not exist, or its player has deleted their account.',
  loadFailed: 'Failed to load this run. Please try again later.',
  beaten: (by: PublicRun) => `This run has just been beaten: ${by.player} scored ${points(by.totalPoints)} points.`,
  watchBeater: 'Watch that run',
};

/** The date a run was played, the same on the server and in every time zone. */
export const playedOn = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })} UTC`;
