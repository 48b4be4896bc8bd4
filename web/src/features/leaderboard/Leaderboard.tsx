/**
 * The public leaderboard: all-time, this week and today, top 50 verified runs, the signed-in player's
 * own best run highlighted (shown under the table when it is outside the top 50), and an empty state.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth, isWebUserLoggedIn } from '../../lib/auth';
import { useInertBeforeHydration } from '../../lib/hydration';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { fetchLeaderboard, type LeaderboardEntry, type LeaderboardPeriod, type LeaderboardResponse } from './api';
import styles from './Leaderboard.module.css';

export const PERIOD_TABS: { period: LeaderboardPeriod; label: string }[] = [
  { period: 'all', label: 'All Time' },
  { period: 'week', label: 'This Week' },
  { period: 'day', label: 'Today' },
];

export const LEADERBOARD_TEXTS = {
  empty: 'No verified runs yet. Be the first on the board!',
  loadFailed: 'Failed to load the leaderboard. Please try again later.',
  yourBest: 'Your best run',
};

const formatTime = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function Row({ entry, mine }: { entry: LeaderboardEntry; mine: boolean }) {
  return (
    <tr className={mine ? styles.mine : undefined} aria-current={mine ? 'true' : undefined}>
      <td data-label="Rank" className={styles.rank}>
        {entry.rank}
      </td>
      <td data-label="Player" className={styles.player}>
        {entry.player}
        {mine && <span className={styles.you}> (you)</span>}
      </td>
      <td data-label="Total Points" className={styles.points}>
        {entry.totalPoints.toLocaleString('en-US')}
      </td>
      <td data-label="Level">{entry.level}</td>
      <td data-label="Time">{formatTime(entry.timeElapsed)}</td>
      <td data-label="Date">{formatDate(entry.playedDate)}</td>
    </tr>
  );
}

const sameRun = (a: LeaderboardEntry, b: LeaderboardEntry) =>
  a.rank === b.rank && a.player === b.player && a.playedDate === b.playedDate;

export function Leaderboard() {
  const inert = useInertBeforeHydration();
  const auth = useAuth();
  const loggedIn = isWebUserLoggedIn(auth);
  const [period, setPeriod] = useState<LeaderboardPeriod>('all');
  const [board, setBoard] = useState<LeaderboardResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(false);
    fetchLeaderboard(period, undefined, controller.signal)
      .then((result) => {
        setBoard(result);
        setLoading(false);
      })
      .catch((reason) => {
        if ((reason as Error).name === 'AbortError') return;
        console.error('Could not load the leaderboard', reason);
        setError(true);
        setLoading(false);
      });
    return () => controller.abort();
  }, [period, loggedIn, auth.webUser?.id]);

  const me = board?.me ?? null;
  const meInTable = !!me && !!board?.entries.some((entry) => sameRun(entry, me));

  return (
    <div className={styles.layout}>
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
            onClick={() => setPeriod(tab.period)}
            {...inert}
          >
            {tab.label}
          </button>
        ))}
      </div>

      <div id="leaderboard-panel" role="tabpanel" aria-labelledby={`tab-${period}`} className={`card ${styles.panel}`}>
        {loading && (
          <div className={styles.center}>
            <Spinner label="Loading the leaderboard" />
          </div>
        )}
        {!loading && error && <Alert kind="error">{LEADERBOARD_TEXTS.loadFailed}</Alert>}
        {!loading && !error && board && board.entries.length === 0 && (
          <div className={styles.empty}>
            <p>{LEADERBOARD_TEXTS.empty}</p>
            <Link to="/games/nurse-help-me" className="button button-primary">
              Play Nurse Help Me
            </Link>
          </div>
        )}
        {!loading && !error && board && board.entries.length > 0 && (
          <div className="table-scroll">
            <table className={`data-table ${styles.table}`}>
              <caption className="visually-hidden">
                Top {board.entries.length} verified runs, {PERIOD_TABS.find((t) => t.period === period)?.label}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Player</th>
                  <th scope="col">Total Points</th>
                  <th scope="col">Level</th>
                  <th scope="col">Time</th>
                  <th scope="col">Date</th>
                </tr>
              </thead>
              <tbody>
                {board.entries.map((entry) => (
                  <Row key={`${entry.rank}-${entry.playedDate}`} entry={entry} mine={!!me && sameRun(entry, me)} />
                ))}
              </tbody>
              {me && !meInTable && (
                <tbody className={styles.ownRow} aria-label={LEADERBOARD_TEXTS.yourBest}>
                  <Row entry={me} mine />
                </tbody>
              )}
            </table>
          </div>
        )}
      </div>
      <p className={styles.note}>
        Only runs verified by replaying the game on our server are ranked. Guests are shown by a masked wallet id.
      </p>
    </div>
  );
}
