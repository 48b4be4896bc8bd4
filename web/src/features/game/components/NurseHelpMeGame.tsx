/**
 * The Nurse Help Me page body: the welcome panel, the game (lazily loaded) with its Game Over panel,
 * then the stat cards, about and feature sections.
 */
import { Component, Suspense, lazy, useEffect, useRef, type ReactNode } from 'react';
import { Spinner } from '../../../ui/Spinner';
import { useGameSession } from '../useGameSession';
import { GameInfo } from './GameInfo';
import { GameOverPanel } from './GameOverPanel';
import { WelcomePanel } from './WelcomePanel';
import styles from './NurseHelpMeGame.module.css';

// The engine, the renderer and the canvas are their own chunk, fetched when a game starts.
const GameCanvas = lazy(() => import('./GameCanvas'));

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
  const session = useGameSession();
  const { started, run, summary } = session;
  const gameAreaRef = useRef<HTMLElement>(null);

  // The game in view when it starts (the welcome panel is taller on a phone).
  useEffect(() => {
    const area = gameAreaRef.current;
    if (!started || !area || typeof area.scrollIntoView !== 'function') return;
    const rect = area.getBoundingClientRect();
    if (rect.top < 64 || rect.top > window.innerHeight / 2) area.scrollIntoView({ block: 'start' });
  }, [started]);

  return (
    <div className={styles.page}>
      <section ref={gameAreaRef} className={styles.gameArea} aria-label="Nurse Help Me game">
        {!started ? (
          <WelcomePanel onStart={session.start} />
        ) : (
          <GameBoundary onError={session.fail}>
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
                <GameCanvas run={run} onFinished={session.finish} onError={session.fail}>
                  {summary && (
                    <GameOverPanel summary={summary} highScore={session.highScore} message={session.message} onPlayAgain={session.playAgain} />
                  )}
                </GameCanvas>
              )}
            </Suspense>
          </GameBoundary>
        )}
      </section>

      <GameInfo highScore={session.highScore} gamesPlayed={session.gamesPlayed} />
    </div>
  );
}
