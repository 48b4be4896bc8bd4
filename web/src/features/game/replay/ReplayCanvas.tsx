/**
 * A stored run replayed on the game's canvas (loaded lazily with the engine and the renderer): it starts
 * by itself, with Pause/Play, the speed (1x, 2x, 4x), Restart and a scrubber.
 */
import { useEffect, useRef, useState } from 'react';
import { STEPS_PER_SECOND } from '@haic/contract';
import { REPLAY_SPEEDS, startReplayLoop, type ReplayLoop, type ReplayProgress, type ReplaySpeed } from '../loop/replayLoop';
import { GameStage } from '../components/GameStage';
import styles from './Replay.module.css';

export interface ReplayCanvasProps {
  inputLog: string;
  seed: number;
  /** Who played it, for the canvas's accessible name. */
  player: string;
}

const clock = (steps: number) => {
  const seconds = Math.floor(steps / STEPS_PER_SECOND);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export default function ReplayCanvas({ inputLog, seed, player }: ReplayCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const loopRef = useRef<ReplayLoop | null>(null);
  const [progress, setProgress] = useState<ReplayProgress>({ position: 0, length: 0, playing: false, ended: false });
  const [speed, setSpeed] = useState<ReplaySpeed>(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    try {
      loopRef.current = startReplayLoop({
        canvas,
        inputLog,
        seed,
        onProgress: setProgress,
        onError: (error) => {
          console.error('The replay stopped', error);
          setFailed(true);
        },
      });
    } catch (error) {
      console.error('The replay could not start', error);
      setFailed(true);
    }
    return () => {
      loopRef.current?.stop();
      loopRef.current = null;
    };
  }, [inputLog, seed]);

  const chooseSpeed = (next: ReplaySpeed) => {
    setSpeed(next);
    loopRef.current?.setSpeed(next);
  };

  if (failed) return <p className={styles.note}>This run could not be replayed in this browser.</p>;

  return (
    <div className={styles.replay}>
      <GameStage ref={canvasRef} label={`Replay of ${player}'s run`} testId="replay-canvas" />
      <div className={styles.controls} aria-label="Replay controls" role="group">
        <button type="button" className="button button-primary" onClick={() => (progress.playing ? loopRef.current?.pause() : loopRef.current?.play())}>
          {progress.playing ? 'Pause' : 'Play'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => loopRef.current?.restart()}>
          Restart
        </button>
        <div className={styles.speeds} role="group" aria-label="Speed">
          {REPLAY_SPEEDS.map((option) => (
            <button
              key={option}
              type="button"
              className={`${styles.speed} ${option === speed ? styles.speedActive : ''}`}
              aria-pressed={option === speed}
              onClick={() => chooseSpeed(option)}
            >
              {option}×
            </button>
          ))}
        </div>
        <label className={styles.scrubber}>
          <span className="visually-hidden">Replay position</span>
          <input
            type="range"
            min={0}
            max={progress.length}
            value={progress.position}
            onChange={(event) => loopRef.current?.seek(Number(event.target.value))}
            data-testid="replay-position"
          />
        </label>
        <span className={styles.time} aria-live="off" data-testid="replay-time">
          {clock(progress.position)} / {clock(progress.length)}
        </span>
      </div>
      {progress.ended && (
        <p className={styles.note} role="status">
          Replay finished: the run ended here, as the server verified it.
        </p>
      )}
    </div>
  );
}
