/**
 * The Nurse Help Me page body: welcome panel, the game (lazily loaded), the Game Over panel with the
 * score submission, stat cards, about and feature sections.
 */
import { Component, Suspense, lazy, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth, isWebUserLoggedIn } from '../../../lib/auth';
import { useInertBeforeHydration } from '../../../lib/hydration';
import { Spinner } from '../../../ui/Spinner';
import {
  buildSubmission,
  fetchUserStats,
  flushPendingScores,
  newGameRun,
  readGamesPlayed,
  readHighScore,
  recordGamePlayed,
  recordHighScore,
  submitScore,
  type GameRun,
} from '../scores';
import type { GameSummary } from './GameCanvas';
import { CoinIcon, GamepadIcon, HospitalIcon, PhoneIcon, StarIcon, TrophyIcon, VirusIcon } from './Icons';
import styles from './NurseHelpMeGame.module.css';

// The engine, the renderer and the canvas are their own chunk, fetched when a game starts.
const GameCanvas = lazy(() => import('./GameCanvas'));

type Message = { kind: 'pending' | 'success' | 'error'; text: string } | null;

/** A game chunk that fails to load counts as a canvas failure: back to the welcome panel. */
class GameBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function NurseHelpMeGame() {
  const inert = useInertBeforeHydration();
  const auth = useAuth();
  const loggedIn = isWebUserLoggedIn(auth);
  const [started, setStarted] = useState(false);
  // The game being played; null while Start Game or Play Again waits for the run ticket.
  const [run, setRun] = useState<GameRun | null>(null);
  const [summary, setSummary] = useState<GameSummary | null>(null);
  const [message, setMessage] = useState<Message>(null);
  // Browser storage is read after the first render: the server draws the page with zeros.
  const [highScore, setHighScore] = useState(0);
  const [gamesPlayed, setGamesPlayed] = useState(0);
  const [accountGames, setAccountGames] = useState<number | null>(null);
  const runRef = useRef<GameRun | null>(null);
  const mounted = useRef(true);
  const playAgainRef = useRef<HTMLButtonElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const gameAreaRef = useRef<HTMLElement>(null);

  const refreshAccountStats = useCallback(() => {
    void fetchUserStats().then((stats) => {
      if (mounted.current) setAccountGames(stats ? stats.gamesPlayed : null);
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    setHighScore(readHighScore());
    setGamesPlayed(readGamesPlayed());
    // Scores that could not be sent earlier go now.
    void flushPendingScores();
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (loggedIn) refreshAccountStats();
    else setAccountGames(null);
  }, [loggedIn, auth.webUser?.id, refreshAccountStats]);

  // Each game asks for its run ticket first; without one (offline, refused, slow) it plays all the same
  // and its score is saved, just not ranked.
  const begin = async () => {
    const next = await newGameRun();
    if (!mounted.current) return;
    runRef.current = next;
    setRun(next);
    setSummary(null);
    setMessage(null);
  };

  const start = () => {
    setRun(null);
    setStarted(true);
    void begin();
  };

  const playAgain = () => {
    void begin();
  };

  const handleError = useCallback((error: unknown) => {
    console.error('Nurse Help Me: the game could not start', error);
    setStarted(false);
    setRun(null);
    setSummary(null);
  }, []);

  const handleFinished = useCallback(
    async (finished: GameSummary) => {
      setSummary(finished);
      setHighScore(recordHighScore(finished.result.score));
      setGamesPlayed(recordGamePlayed());
      setMessage({ kind: 'pending', text: 'Saving your score...' });
      const outcome = await submitScore(buildSubmission(finished.result, runRef.current!, finished.inputLog));
      if (!mounted.current) return;
      setMessage({
        kind: outcome.saved ? 'success' : 'error',
        text: outcome.message,
      });
      if (outcome.saved) {
        await flushPendingScores();
        refreshAccountStats();
      }
    },
    [refreshAccountStats],
  );

  // The game in view when it starts (the welcome panel is taller on a phone).
  useEffect(() => {
    const area = gameAreaRef.current;
    if (!started || !area || typeof area.scrollIntoView !== 'function') return;
    const rect = area.getBoundingClientRect();
    if (rect.top < 64 || rect.top > window.innerHeight / 2) area.scrollIntoView({ block: 'start' });
  }, [started]);

  // The Game Over panel in view with Play Again focused.
  useEffect(() => {
    if (!summary) return;
    playAgainRef.current?.focus({ preventScroll: true });
    overlayRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [summary]);

  return (
    <div className={styles.page}>
      <section ref={gameAreaRef} className={styles.gameArea} aria-label="Nurse Help Me game">
        {!started ? (
          <div className={`card ${styles.welcome}`}>
            <div className={styles.welcomeText}>
              <h2>Welcome, Nurse!</h2>
              <p>
                Viruses are loose in the hospital and your patients need you. Run, jump and dodge through 10 levels to
                reach every patient, then help them to safety.
              </p>
              <ul className={styles.instructions}>
                <li>
                  <kbd>←</kbd> <kbd>→</kbd> or <kbd>A</kbd> <kbd>D</kbd> to move
                </li>
                <li>
                  <kbd>Space</kbd>, <kbd>↑</kbd> or <kbd>W</kbd> to jump
                </li>
                <li>On a touch screen, use the on-screen buttons</li>
                <li>Collect coins: 10 points each, and every 50 coins gives an extra life (up to 3)</li>
                <li>Avoid the viruses: a touch costs a life</li>
                <li>Reach the patient to finish the level</li>
              </ul>
              {/* Until the browser has taken the page over, a click would do nothing: the button says so. */}
              <button type="button" className={`button button-primary ${styles.startButton}`} onClick={start} {...inert}>
                Start Game
              </button>
            </div>
          </div>
        ) : (
          <GameBoundary onError={handleError}>
            <Suspense
              fallback={
                <div className={styles.loading}>
                  <Spinner label="Loading the game..." />
                </div>
              }
            >
              {!run ? (
                <div className={styles.loading}>
                  <Spinner label="Starting the game..." />
                </div>
              ) : (
                <GameCanvas run={run} onFinished={handleFinished} onError={handleError}>
                  {summary && (
                    <div ref={overlayRef} className={styles.overlay}>
                      <div className={styles.panel} role="dialog" aria-labelledby="game-over-title">
                        <h2 id="game-over-title" className={summary.completed ? styles.saved : undefined}>
                          {summary.completed ? 'World Saved!' : 'Game Over'}
                        </h2>
                        <dl className={styles.results}>
                          <div>
                            <dt>Level reached</dt>
                            <dd data-testid="level-reached">{summary.level}</dd>
                          </div>
                          <div>
                            <dt>Coins collected</dt>
                            <dd data-testid="coins-collected">{summary.coins}</dd>
                          </div>
                          <div>
                            <dt>Score</dt>
                            <dd>{summary.result.score}</dd>
                          </div>
                          <div>
                            <dt>High score</dt>
                            <dd data-testid="overlay-high-score">{highScore}</dd>
                          </div>
                        </dl>
                        <p className={styles.points}>
                          Time bonus {summary.result.bonusPoints} · Total {summary.result.totalPoints} points
                        </p>
                        <p
                          className={`${styles.message} ${message ? styles[message.kind] : ''}`}
                          role="status"
                          aria-live="polite"
                          data-testid="score-message"
                        >
                          {message?.text}
                        </p>
                        <button ref={playAgainRef} type="button" className="button button-primary" onClick={playAgain}>
                          Play Again
                        </button>
                      </div>
                    </div>
                  )}
                </GameCanvas>
              )}
            </Suspense>
          </GameBoundary>
        )}
      </section>

      <section className={styles.stats} aria-label="Your stats">
        <div className={`card ${styles.stat}`}>
          <span className={styles.statIcon}>
            <TrophyIcon />
          </span>
          <h3>High Score</h3>
          <p className={styles.statValue} data-testid="stat-high-score">
            {highScore}
          </p>
        </div>
        <div className={`card ${styles.stat}`}>
          <span className={styles.statIcon}>
            <GamepadIcon />
          </span>
          <h3>Games Played</h3>
          <p className={styles.statValue} data-testid="stat-games-played">
            {accountGames ?? gamesPlayed}
          </p>
        </div>
        <div className={`card ${styles.stat}`}>
          <span className={styles.statIcon}>
            <CoinIcon />
          </span>
          <h3>HAIC Rewards</h3>
          <p className={`${styles.statValue} ${styles.soon}`}>Coming Soon</p>
        </div>
      </section>

      <section className={`card ${styles.about}`} aria-labelledby="about-game">
        <h2 id="about-game">About Nurse Help Me</h2>
        <p>
          Nurse Help Me is a platform game from the HAIC community. It celebrates the nurses and carers who keep
          patients safe, and it previews the Nurse Help Me platform in development: a place where patients can find
          nursing help quickly.
        </p>
        <p>
          Anyone can play. Sign in to keep every score on your account and in your game history; guest scores are saved
          under a temporary guest id. Token rewards for players are coming soon.
        </p>
      </section>

      <section aria-labelledby="game-features">
        <h2 id="game-features" className={styles.sectionTitle}>
          Game Features
        </h2>
        <div className={styles.features}>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <HospitalIcon />
            </span>
            <h3>10 Levels</h3>
            <p>From the ward to the rooftop: faster viruses and trickier jumps at every level.</p>
          </div>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <VirusIcon />
            </span>
            <h3>Dodge the Viruses</h3>
            <p>Time your jumps over patrolling viruses. Three lives, and extra lives for coins.</p>
          </div>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <PhoneIcon />
            </span>
            <h3>Play Anywhere</h3>
            <p>Keyboard on a computer, on-screen buttons on a phone or tablet.</p>
          </div>
          <div className={`card ${styles.feature}`}>
            <span className={styles.featureIcon}>
              <StarIcon />
            </span>
            <h3>Track Your Scores</h3>
            <p>Level, coins and a time bonus for finishing fast. Sign in to keep your history.</p>
          </div>
        </div>
      </section>
    </div>
  );
}
