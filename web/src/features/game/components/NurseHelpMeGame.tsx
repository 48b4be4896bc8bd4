/**
 * The Nurse Help Me page body: the welcome panel, the game (lazily loaded) with its Game Over panel,
 * then the stat cards, about and feature sections.
 */
import { Component, Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { GameSound, readSoundOn } from '../sound/sound';
import { useRace } from '../useRace';
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
  const [search] = useSearchParams();
  const race = useRace(search.get('race'));
  // Sound: nothing is created until the player's own gesture, and never while the sound is off.
  const soundRef = useRef<GameSound | null>(null);
  const [soundOn, setSoundOn] = useState(true);
  useEffect(() => setSoundOn(readSoundOn()), []);
  useEffect(() => () => soundRef.current?.close(), []);
  const sound = () => (soundRef.current ??= new GameSound());
  const start = () => {
    sound().unlock();
    session.start();
  };
  const playAgain = () => {
    sound().unlock();
    session.playAgain();
  };
  const toggleSound = () => {
    sound().setEnabled(!soundOn);
    setSoundOn(!soundOn);
  };

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
        {race.status === 'ready' && (
          <Alert kind="info">
            Racing {race.ghost.player}&apos;s run: {race.points.toLocaleString('en-US')} points, level {race.level}. Their ghost runs beside you, step for step.
          </Alert>
        )}
        {race.status === 'unavailable' && <Alert kind="error">This run cannot be raced: it has no verified replay.</Alert>}
        <div className={styles.gameBar}>
          <button type="button" className={`button button-secondary ${styles.soundButton}`} aria-pressed={soundOn} onClick={toggleSound}>
            {soundOn ? 'Sound on' : 'Sound off'}
          </button>
        </div>
        {!started ? (
          <WelcomePanel onStart={start} />
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
                <GameCanvas run={run} onFinished={session.finish} onError={session.fail} ghost={race.status === 'ready' ? race.ghost : null} sound={sound()}>
                  {summary && (
                    <GameOverPanel
                      summary={summary}
                      highScore={session.highScore}
                      message={session.message}
                      runId={session.savedRunId}
                      onPlayAgain={playAgain}
                    />
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
