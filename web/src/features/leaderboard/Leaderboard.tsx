/**
 * The public leaderboard: all-time, this week and today (top 50 verified runs), and the final standings of
 * past weekly seasons (weeks from Monday 00:00 UTC). Every row links to its run's page ("Watch"). A
 * signed-in player beyond the rows shown sees their own row with the players just above and below.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { pastSeasonKeys } from '@haic/contract';
import { useAuth, isWebUserLoggedIn } from '../../lib/auth';
import { formatDuration } from '../../lib/format';
import { useInertBeforeHydration } from '../../lib/hydration';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { TableScroll } from '../../ui/TableScroll';
import type { LeaderboardEntry, LeaderboardPeriod } from './api';
import { loadBoard, rowKey, type Board, type View } from './board';
import { TableHead } from '../../ui/TableHead';
import { loadUntilCleanup } from '../../lib/load';
import { WalletBadges } from '../wallet';
import { useLiveBoard } from './useLiveBoard';
import styles from './Leaderboard.module.css';

export const PERIOD_TABS: { period: LeaderboardPeriod; label: string }[] = [
  { period: 'all', label: 'All Time' },
  { period: 'week', label: 'This Week' },
  { period: 'day', label: 'Today' },
];

/** Past seasons offered: "Last week" and the ones before it. */
const PAST_SEASONS = 12;

export const LEADERBOARD_TEXTS = {
  empty: 'No verified runs yet. Be the first on the board!',
  seasonEmpty: (label: string) => `No verified runs in the ${label}.`,
  loadFailed: 'Failed to load the leaderboard. Please try again later.',
  yourBest: 'Your best run',
  aroundYou: 'Around you',
};

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
/** 'week of Nov 16, 2026' (the Monday a season starts, in UTC). */
export const seasonLabel = (season: string) =>
  `week of ${new Date(`${season}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' })}`;

function Row({ entry, mine, risen = false }: { entry: LeaderboardEntry; mine: boolean; risen?: boolean }) {
  const classes = [mine && styles.mine, risen && styles.risen].filter(Boolean).join(' ');
  return (
    <tr className={classes || undefined} aria-current={mine ? 'true' : undefined} data-risen={risen || undefined}>
      <td data-label="Rank" className={styles.rank}>
        {entry.rank}
      </td>
      <td data-label="Player" className={styles.player}>
        {entry.player}
        {mine && <span className={styles.you}> (you)</span>}
        <WalletBadges walletVerified={entry.walletVerified} holder={entry.holder} walletAddress={entry.walletAddress} />
      </td>
      <td data-label="Total Points" className={styles.points}>
        {entry.totalPoints.toLocaleString('en-US')}
      </td>
      <td data-label="Level">{entry.level}</td>
      <td data-label="Time">{formatDuration(entry.timeElapsed)}</td>
      <td data-label="Date">{formatDate(entry.playedDate)}</td>
      <td data-label="Run">
        {entry.runId && (
          <Link to={`/runs/${entry.runId}`} className={styles.watch} aria-label={`Watch ${entry.player}'s run (rank ${entry.rank})`}>
            Watch
          </Link>
        )}
      </td>
    </tr>
  );
}

const sameRun = (a: LeaderboardEntry, b: LeaderboardEntry) => a.rank === b.rank && a.player === b.player && a.playedDate === b.playedDate;

export function Leaderboard() {
  const inert = useInertBeforeHydration();
  const auth = useAuth();
  const loggedIn = isWebUserLoggedIn(auth);
  const [view, setView] = useState<View>({ period: 'all' });
  const [board, setBoard] = useState<Board | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);
  const seasons = useMemo(() => pastSeasonKeys(new Date(), PAST_SEASONS), []);
  const season = 'season' in view ? view.season : null;
  const period = 'period' in view ? view.period : null;

  // Live: a ranked run that changes the board shown puts the new board in place (no reload, no spinner).
  const live = useLiveBoard(view, loading || error ? null : board, setBoard);

  useEffect(() => {
    setLoading(true);
    setError(false);
    return loadUntilCleanup(
      'the leaderboard',
      (signal): Promise<Board> => loadBoard(season ? { season } : { period: period ?? 'all' }, signal),
      (result) => {
        setBoard(result);
        setLoading(false);
      },
      () => {
        setError(true);
        setLoading(false);
      },
    );
  }, [period, season, loggedIn, auth.webUser?.id]);

  const me = board?.me ?? null;
  const meInTable = !!me && !!board?.entries.some((entry) => sameRun(entry, me));
  const shownRanks = board?.entries.length ?? 0;
  // Below the table: the rows around the player (ranks not already shown), else their own row alone.
  const below = me && !meInTable ? (board!.around.length ? board!.around.filter((e) => e.rank > shownRanks) : [me]) : [];
  const viewLabel = season ? (season === seasons[0] ? 'Last week' : seasonLabel(season)) : PERIOD_TABS.find((t) => t.period === period)?.label;
  const tabId = season ? (season === seasons[0] ? 'tab-last-week' : 'season-select') : `tab-${period}`;

  return (
    <div className={styles.layout}>
      <div className={styles.tabs}>
        <div className={styles.tabs} role="tablist" aria-label="Leaderboard period">
          {PERIOD_TABS.map((tab) => (
            <button
              key={tab.period}
              type="button"
              role="tab"
              id={`tab-${tab.period}`}
              aria-selected={period === tab.period}
              aria-controls="leaderboard-panel"
              className={`${styles.tab} ${period === tab.period ? styles.tabActive : ''}`}
              onClick={() => setView({ period: tab.period })}
              {...inert}
            >
              {tab.label}
            </button>
          ))}
          <button
            type="button"
            role="tab"
            id="tab-last-week"
            aria-selected={season === seasons[0]}
            aria-controls="leaderboard-panel"
            className={`${styles.tab} ${season === seasons[0] ? styles.tabActive : ''}`}
            onClick={() => setView({ season: seasons[0] as string })}
            {...inert}
          >
            Last week
          </button>
        </div>
        {/* Older seasons: a choice outside the tab list (a tab list holds tabs only). */}
        <label className={styles.seasonPicker}>
          <span className="visually-hidden">Older seasons</span>
          <select
            id="season-select"
            value={season && season !== seasons[0] ? season : ''}
            onChange={(event) => event.target.value && setView({ season: event.target.value })}
            {...inert}
          >
            <option value="">Older seasons…</option>
            {seasons.slice(1).map((key) => (
              <option key={key} value={key}>
                {seasonLabel(key)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div id="leaderboard-panel" role="tabpanel" aria-labelledby={tabId} className={`card ${styles.panel}`}>
        {season && <p className={styles.seasonNote}>Final standings of the {seasonLabel(season)} (Monday 00:00 to Sunday 24:00 UTC).</p>}
        {loading && (
          <div className={styles.center}>
            <Spinner label="Loading the leaderboard" />
          </div>
        )}
        {!loading && error && <Alert kind="error">{LEADERBOARD_TEXTS.loadFailed}</Alert>}
        {!loading && !error && board && board.entries.length === 0 && (
          <div className={styles.empty}>
            <p>{season ? LEADERBOARD_TEXTS.seasonEmpty(seasonLabel(season)) : LEADERBOARD_TEXTS.empty}</p>
            <Link to="/games/nurse-help-me" className="button button-primary">
              Play Nurse Help Me
            </Link>
          </div>
        )}
        {!loading && !error && board && board.entries.length > 0 && (
          <TableScroll label={`Leaderboard, ${viewLabel}`}>
            <table className={`data-table ${styles.table}`}>
              <caption className="visually-hidden">
                Top {board.entries.length} verified runs, {viewLabel}
              </caption>
              <TableHead columns={['Rank', 'Player', 'Total Points', 'Level', 'Time', 'Date', 'Run']} />
              <tbody>
                {board.entries.map((entry) => (
                  <Row key={rowKey(entry)} entry={entry} mine={!!me && sameRun(entry, me)} risen={live.risen.has(rowKey(entry))} />
                ))}
              </tbody>
              {below.length > 0 && (
                <tbody className={styles.ownRow} aria-label={board.around.length ? LEADERBOARD_TEXTS.aroundYou : LEADERBOARD_TEXTS.yourBest}>
                  {below.map((entry) => (
                    <Row key={`around-${entry.rank}`} entry={entry} mine={!!me && sameRun(entry, me)} />
                  ))}
                </tbody>
              )}
            </table>
          </TableScroll>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="leaderboard-announcement">
        {live.announcement}
      </p>
      <p className={styles.note}>
        Only runs verified by replaying the game on our server are ranked. Guests are shown by a masked wallet id. Seasons are weeks in UTC, from Monday 00:00.
      </p>
    </div>
  );
}
