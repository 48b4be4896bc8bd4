import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { Alert } from '../../ui/Alert';
import { NamedSection } from '../../ui/NamedSection';
import { fetchBestRank } from '../leaderboard';
import { racePath } from '../runs';
import { WalletBadges, WalletSection, badgesOfStatus, useWalletLink } from '../wallet';
import type { UserStats } from '@haic/contract';
import { profileApi } from './api';
import { memberSince } from './format';
import { TelegramLinking } from './TelegramLinking';
import { ChangePasswordForm } from './ChangePasswordForm';
import { AccountData } from './AccountData';
import shared from './Profile.module.css';
import styles from './ProfileView.module.css';

export function ProfileView() {
  const { webUser } = useAuth();
  const [params] = useSearchParams();
  const justRegistered = params.get('registered') === 'true';
  const [stats, setStats] = useState<UserStats>({ gamesPlayed: 0, totalPoints: 0, highScore: 0 });
  const [best, setBest] = useState<{ rank: number; runId?: string } | null>(null);
  const wallet = useWalletLink(webUser?.id);

  useEffect(() => {
    if (!webUser) return;
    const controller = new AbortController();
    profileApi
      .stats(webUser.id, controller.signal)
      .then(setStats)
      .catch((error) => {
        // A failed stats read is only logged: the profile shows without it.
        if ((error as Error).name !== 'AbortError') console.error('Could not load stats', error);
      });
    void fetchBestRank(controller.signal).then((found) => {
      if (!controller.signal.aborted) setBest(found);
    });
    return () => controller.abort();
  }, [webUser]);

  if (!webUser) return null;
  const since = memberSince(webUser.createdDate);

  return (
    <div className={styles.layout}>
      {justRegistered && <Alert kind="success">Welcome to HAIC, {webUser.username}! Your account has been created and you are signed in.</Alert>}
      <section className={`card ${styles.identity}`} aria-label="Account">
        <div className={styles.avatar} aria-hidden="true">
          {webUser.username.slice(0, 1).toUpperCase()}
        </div>
        <div className={styles.identityText}>
          <h2 className={styles.username}>
            {webUser.username}
            <WalletBadges {...badgesOfStatus(wallet.status)} />
          </h2>
          <p className={styles.email}>{webUser.email}</p>
          {since && <p className={shared.muted}>Member since {since}</p>}
        </div>
      </section>

      <NamedSection id="stats-heading" name="Your stats">
        <div className={styles.stats}>
          {[
            { testId: 'stat-games', value: stats.gamesPlayed, label: 'Games Played' },
            { testId: 'stat-points', value: stats.totalPoints, label: 'Total Points' },
            { testId: 'stat-high', value: stats.highScore, label: 'High Score' },
          ].map(({ testId, value, label }) => (
            <div key={testId} className={`card ${styles.stat}`}>
              <span className={styles.statValue} data-testid={testId}>
                {value.toLocaleString('en-US')}
              </span>
              <span className={styles.statLabel}>{label}</span>
            </div>
          ))}
          <div className={`card ${styles.stat}`}>
            <span className={styles.statValue} data-testid="stat-rank">
              {best ? `#${best.rank.toLocaleString('en-US')}` : '—'}
            </span>
            <Link to="/leaderboard" className={styles.statLabel}>
              Best Rank
            </Link>
          </div>
        </div>
      </NamedSection>

      <div className={styles.columns}>
        <TelegramLinking userId={webUser.id} />
        <nav className={`card ${shared.section}`} aria-labelledby="actions-heading">
          <h2 id="actions-heading" className={shared.sectionTitle}>
            Quick Links
          </h2>
          <ul className={styles.actions}>
            <li>
              <Link to="/games/nurse-help-me" className="button button-primary">
                Play Nurse Help Me
              </Link>
            </li>
            {best?.runId && (
              <li>
                <Link to={racePath(best.runId)} className="button button-secondary">
                  Race your best run
                </Link>
              </li>
            )}
            <li>
              <Link to="/profile/game-history" className="button button-secondary">
                Game History
              </Link>
            </li>
            <li>
              <Link to="/profile/edit" className="button button-secondary">
                Edit Profile
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <WalletSection link={wallet} />

      <div className={styles.accountColumns}>
        <ChangePasswordForm />
        <AccountData />
      </div>
    </div>
  );
}
