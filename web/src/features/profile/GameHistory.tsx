import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { HISTORY_PAGE_SIZE } from '@haic/contract';
import { useAuth } from '../../lib/auth';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { TableScroll } from '../../ui/TableScroll';
import { ShareButton } from '../runs';
import { profileApi, type GameHistoryPage } from './api';
import { formatBonus, formatDuration, formatPlayedDate } from './format';
import { pageWindow } from './pagination';
import { TableHead } from '../../ui/TableHead';
import { loadUntilCleanup } from '../../lib/load';
import styles from './GameHistory.module.css';

const HISTORY_TEXTS = {
  notLoggedIn: 'Please login to view your game history',
  loadFailed: 'Failed to load game history',
  empty: 'No games played yet',
};

export function GameHistory() {
  const { webUser } = useAuth();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<GameHistoryPage | null>(null);
  const [loading, setLoading] = useState(!!webUser);
  const [error, setError] = useState<string | null>(webUser ? null : HISTORY_TEXTS.notLoggedIn);

  useEffect(() => {
    if (!webUser) return;
    setLoading(true);
    setError(null);
    return loadUntilCleanup(
      'game history',
      (signal) => profileApi.gameHistory(webUser.id, page, HISTORY_PAGE_SIZE, signal),
      (result) => {
        setData(result);
        setLoading(false);
      },
      () => {
        setError(HISTORY_TEXTS.loadFailed);
        setLoading(false);
      },
    );
  }, [webUser, page]);

  const totalPages = data?.totalPages ?? 0;
  const goTo = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) setPage(target);
  };

  return (
    <>
      {error && <Alert kind="error">{error}</Alert>}
      {webUser && (
        <div className={styles.totalBox}>
          <span className={styles.totalLabel}>Total Games Played</span>
          <span className={styles.totalValue} data-testid="total-games">
            {data ? data.totalGames.toLocaleString('en-US') : '—'}
          </span>
        </div>
      )}
      {loading && !data && <Spinner label="Loading game history..." />}
      {data && data.games.length === 0 && !error && (
        <div className={`card ${styles.empty}`}>
          <p>{HISTORY_TEXTS.empty}</p>
          <Link to="/games/nurse-help-me" className="button button-primary">
            Play Nurse Help Me!
          </Link>
        </div>
      )}
      {data && data.games.length > 0 && (
        <div className={`card ${styles.tableCard}`} aria-busy={loading}>
          <TableScroll label="Game history table">
            <table className={`data-table ${styles.table}`}>
              <TableHead columns={['Date', 'Level', 'Score', 'Bonus', 'Total Points', 'Time']} />
              <tbody>
                {data.games.map((game, index) => (
                  <tr key={`${game.playedDate}-${index}`}>
                    <td data-label="Date">{formatPlayedDate(game.playedDate)}</td>
                    <td data-label="Level">{game.level}</td>
                    <td data-label="Score">{game.score.toLocaleString('en-US')}</td>
                    <td data-label="Bonus" className={styles.bonus}>
                      {formatBonus(game.bonusPoints)}
                    </td>
                    <td data-label="Total Points" className={styles.points}>
                      {game.totalPoints.toLocaleString('en-US')}
                      {game.verified && (
                        <span className={styles.verified} title="Verified: replayed on our server" aria-label="Verified run">
                          ✓
                        </span>
                      )}
                    </td>
                    <td data-label="Time">
                      {formatDuration(game.timeElapsed)}
                      {/* The run's page and its link, as icons: the columns stay the spec's six. */}
                      {game.runId && (
                        <span className={styles.runActions}>
                          <Link to={`/runs/${game.runId}`} className="icon-button" aria-label={`Watch your run of ${formatPlayedDate(game.playedDate)}`}>
                            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                              <path d="M8 5v14l11-7z" fill="currentColor" />
                            </svg>
                          </Link>
                          <ShareButton
                            compact
                            path={`/runs/${game.runId}`}
                            title={`My Nurse Help Me! run: ${game.totalPoints.toLocaleString('en-US')} points, level ${game.level}`}
                            accessibleName={`Share your run of ${formatPlayedDate(game.playedDate)}`}
                          />
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
      {totalPages > 1 && (
        <nav className={styles.pagination} aria-label="Game history pages">
          <button type="button" className={styles.pageButton} onClick={() => goTo(page - 1)} disabled={page <= 1}>
            Previous
          </button>
          {pageWindow(page, totalPages).map((number) => (
            <button
              key={number}
              type="button"
              className={number === page ? `${styles.pageButton} ${styles.pageCurrent}` : styles.pageButton}
              aria-current={number === page ? 'page' : undefined}
              aria-label={`Page ${number}`}
              onClick={() => goTo(number)}
            >
              {number}
            </button>
          ))}
          <button type="button" className={styles.pageButton} onClick={() => goTo(page + 1)} disabled={page >= totalPages}>
            Next
          </button>
        </nav>
      )}
      <p className={styles.back}>
        <Link to="/profile">Back to Profile</Link>
      </p>
    </>
  );
}
