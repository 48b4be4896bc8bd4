/**
 * A run's page: who played it, the points, the level reached and the time (rendered on the server, so a
 * shared link previews it), the replay of the verified run, Share, and "Race this run".
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageHead } from '../../lib/head';
import { useInitialData } from '../../lib/initialData';
import { formatDuration } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { RunReplay, fetchRun, runPath, type PublicRun } from '../game';
import { ShareButton } from './ShareButton';
import { RUN_TEXTS, playedOn, runDescription, runTitle } from './texts';
import { loadUntilCleanup } from '../../lib/load';
import { Figures } from '../../ui/Figures';
import { WalletBadges } from '../wallet';
import { useBeaten } from './useBeaten';
import styles from './Run.module.css';

type State = { status: 'loading' } | { status: 'found'; run: PublicRun } | { status: 'missing' } | { status: 'error' };

/** The game page, playing against this run's ghost. */
export const racePath = (id: string) => `/games/nurse-help-me?race=${id}`;

function initialState(id: string, embedded: PublicRun | null | undefined): State {
  if (embedded && embedded.id === id) return { status: 'found', run: embedded };
  if (embedded === null) return { status: 'missing' };
  return { status: 'loading' };
}

export function RunView({ id }: { id: string }) {
  const embedded = useInitialData().run;
  const [state, setState] = useState<State>(() => initialState(id, embedded));

  useEffect(() => {
    if (state.status === 'found' && state.run.id === id) return;
    setState({ status: 'loading' });
    return loadUntilCleanup(
      'the run',
      (signal) => fetchRun(id, signal),
      (run) => setState(run ? { status: 'found', run } : { status: 'missing' }),
      () => setState({ status: 'error' }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  const run = state.status === 'found' ? state.run : null;
  // Live: a later run that scores more than this one is shown as it happens.
  const beatenBy = useBeaten(run);
  usePageHead(
    run ? { title: runTitle(run), description: runDescription(run) } : { title: state.status === 'missing' ? RUN_TEXTS.missing : 'Run', noindex: true },
  );

  if (!run) {
    return (
      <div className="container page">
        <header className="page-header">
          <h1>{state.status === 'missing' ? RUN_TEXTS.missing : 'Run'}</h1>
          {state.status === 'missing' && <p>{RUN_TEXTS.missingHint}</p>}
        </header>
        {state.status === 'loading' && <Spinner label="Loading the run..." />}
        {state.status === 'error' && <Alert kind="error">{RUN_TEXTS.loadFailed}</Alert>}
        <p>
          <Link to="/leaderboard">Back to the leaderboard</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="container page">
      <header className="page-header">
        <h1>
          {run.player}&apos;s run
          <WalletBadges walletVerified={run.walletVerified} holder={run.holder} walletAddress={run.walletAddress} fullAddress />
        </h1>
        <p>Nurse Help Me! · {playedOn(run.playedDate)}</p>
      </header>
      <Figures
        className={styles.figures}
        items={[
          { term: 'Points', value: run.totalPoints.toLocaleString('en-US'), testId: 'run-points' },
          { term: 'Level reached', value: run.level, testId: 'run-level' },
          { term: 'Time', value: formatDuration(run.timeElapsed), testId: 'run-time' },
          { term: 'Score + bonus', value: `${run.score.toLocaleString('en-US')} + ${run.bonusPoints.toLocaleString('en-US')}` },
          { term: 'Verified', value: run.verified ? 'Yes: replayed on our server' : 'No' },
        ]}
      />
      <div aria-live="polite">
        {beatenBy && (
          <Alert kind="info">
            {RUN_TEXTS.beaten(beatenBy)} <Link to={runPath(beatenBy.id)}>{RUN_TEXTS.watchBeater}</Link>
          </Alert>
        )}
      </div>
      <div className={styles.actions}>
        <ShareButton path={runPath(run.id)} title={runTitle(run)} />
        {run.inputLog && (
          <Link to={racePath(run.id)} className="button button-primary">
            Race this run
          </Link>
        )}
        <Link to="/leaderboard" className={styles.back}>
          Leaderboard
        </Link>
      </div>
      <section aria-label="Replay" className={styles.replay}>
        {run.inputLog && run.seed !== null ? (
          <RunReplay inputLog={run.inputLog} seed={run.seed} player={run.player} />
        ) : (
          <Alert kind="info">{run.verified ? RUN_TEXTS.noLog : RUN_TEXTS.notVerified}</Alert>
        )}
      </section>
    </div>
  );
}
