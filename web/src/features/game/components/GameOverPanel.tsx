/** The Game Over (or World Saved!) panel drawn over the canvas: the results, the save message, Play Again. */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { runPath } from '../api/runs';
import type { GameSummary } from './GameCanvas';
import { Figures } from '../../../ui/Figures';
import styles from './GameOverPanel.module.css';

export type SaveMessage = { kind: 'pending' | 'success' | 'error'; text: string } | null;

interface GameOverPanelProps {
  summary: GameSummary;
  highScore: number;
  message: SaveMessage;
  /** The saved run: "Watch" opens its page. */
  runId: string | null;
  onPlayAgain: () => void;
}

export function GameOverPanel({ summary, highScore, message, runId, onPlayAgain }: GameOverPanelProps) {
  const overlayRef = useRef<HTMLDivElement>(null);
  const playAgainRef = useRef<HTMLButtonElement>(null);

  // In view with Play Again focused.
  useEffect(() => {
    playAgainRef.current?.focus({ preventScroll: true });
    overlayRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [summary]);

  return (
    <div ref={overlayRef} className={styles.overlay}>
      <div className={styles.panel} role="dialog" aria-labelledby="game-over-title">
        <h2 id="game-over-title" className={summary.completed ? styles.saved : undefined}>
          {summary.completed ? 'World Saved!' : 'Game Over'}
        </h2>
        <Figures
          className={styles.results}
          items={[
            { term: 'Level reached', value: summary.level, testId: 'level-reached' },
            { term: 'Coins collected', value: summary.coins, testId: 'coins-collected' },
            { term: 'Score', value: summary.result.score },
            { term: 'High score', value: highScore, testId: 'overlay-high-score' },
          ]}
        />
        <p className={styles.points}>
          Time bonus {summary.result.bonusPoints} · Total {summary.result.totalPoints} points
        </p>
        <p className={`${styles.message} ${message ? styles[message.kind] : ''}`} role="status" aria-live="polite" data-testid="score-message">
          {message?.text}
        </p>
        <div className={styles.panelActions}>
          <button ref={playAgainRef} type="button" className="button button-primary" onClick={onPlayAgain}>
            Play Again
          </button>
          {runId && (
            <Link to={runPath(runId)} className="button button-secondary">
              Watch
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
