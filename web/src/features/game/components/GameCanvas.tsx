/**
 * The Nurse Help Me canvas: the React part only. The loop (engine, clock, input log, drawing) lives in
 * ../loop/gameLoop.ts and the keyboard and touch input in ../loop/input.ts. Loaded lazily (React.lazy)
 * with the engine and the renderer, so no other page downloads the game.
 */
import { useEffect, useRef, useState, type ReactNode, type PointerEvent as ReactPointerEvent } from 'react';
import { createFrameTimes, debugHookWanted } from '../loop/frameTimes';
import { startGameLoop, type GameLoop, type GameSummary, type GhostRun, type LoopRun } from '../loop/gameLoop';
import { InputState, type Control } from '../loop/input';
import type { GameSound } from '../sound/sound';
import { GameStage } from './GameStage';
import { useFullScreen } from './useFullScreen';
import styles from './GameCanvas.module.css';

export type { GameSummary, GhostRun } from '../loop/gameLoop';

interface GameCanvasProps {
  /** The game's run: its ticket's seed (else its session's) seeds the game; a new one starts a new game (Play Again). */
  run: LoopRun;
  onFinished: (summary: GameSummary) => void;
  /** The canvas could not start or draw: the page goes back to the welcome panel. */
  onError: (error: unknown) => void;
  /** Drawn over the canvas (the Game Over panel). */
  children?: ReactNode;
  /** A run raced as a ghost. */
  ghost?: GhostRun | null;
  /** The page's sound effects. */
  sound?: GameSound;
}

export default function GameCanvas({ run, onFinished, onError, children, ghost, sound }: GameCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const inputRef = useRef(new InputState());
  const loopRef = useRef<GameLoop | null>(null);
  const callbacks = useRef({ onFinished, onError });
  callbacks.current = { onFinished, onError };
  const [playing, setPlaying] = useState(true);
  const currentRun = useRef(run);
  const setup = useRef({ ghost, sound });
  const wrapperRef = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(wrapperRef);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const frameTimes = debugHookWanted() ? createFrameTimes() : null;
    let removeDebugHook: (() => void) | undefined;
    let unmounted = false;
    try {
      loopRef.current = startGameLoop({
        canvas,
        input: inputRef.current,
        run: currentRun.current,
        onFinished: (summary) => {
          setPlaying(false);
          callbacks.current.onFinished(summary);
        },
        onError: (error) => callbacks.current.onError(error),
        onFrameTime: frameTimes?.record,
        ghost: setup.current.ghost,
        onEffects: (effects) => {
          for (const effect of effects) setup.current.sound?.play(effect);
        },
      });
      if (frameTimes) {
        const loop = loopRef.current;
        void import('../loop/debugHook').then(({ installDebugHook }) => {
          if (!unmounted) removeDebugHook = installDebugHook(loop, frameTimes);
        });
      }
    } catch (error) {
      callbacks.current.onError(error);
      return;
    }
    const stopKeys = inputRef.current.listen(window, () => loopRef.current?.isPlaying() ?? false);
    return () => {
      unmounted = true;
      stopKeys();
      removeDebugHook?.();
      loopRef.current?.stop();
      loopRef.current = null;
    };
  }, []);

  // Play Again: a new game on the same canvas.
  useEffect(() => {
    if (run.sessionId === currentRun.current.sessionId) return;
    currentRun.current = run;
    loopRef.current?.restart(run);
    setPlaying(true);
  }, [run]);

  const touch = (control: Control, pressed: boolean) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    inputRef.current.setTouch(control, pressed);
  };
  const touchProps = (control: Control) => ({
    onPointerDown: touch(control, true),
    onPointerUp: touch(control, false),
    onPointerCancel: touch(control, false),
    onPointerLeave: touch(control, false),
    onContextMenu: (event: { preventDefault(): void }) => event.preventDefault(),
  });

  return (
    <div
      ref={wrapperRef}
      className={`${styles.wrapper} ${fullScreen.active ? styles.fullScreen : ''}`}
      data-fullscreen={fullScreen.active ? fullScreen.mode : undefined}
    >
      <div className={styles.frame}>
        <GameStage
          ref={canvasRef}
          className={styles.stage}
          canvasClassName={styles.canvas}
          label="Nurse Help Me game: move with the arrow keys or A and D, jump with Space, the up arrow or W"
          testId="game-canvas"
        >
          {children}
        </GameStage>
        <button type="button" className={`button button-secondary ${styles.fullScreenButton}`} onClick={fullScreen.active ? fullScreen.exit : fullScreen.enter}>
          {fullScreen.active ? 'Exit full screen' : 'Full screen'}
        </button>
        {playing && (
          <div className={styles.touchControls} aria-label="Touch controls">
            <div className={styles.touchGroup}>
              <button type="button" className={styles.touchButton} aria-label="Move left" {...touchProps('left')}>
                <span aria-hidden="true">◀</span>
              </button>
              <button type="button" className={styles.touchButton} aria-label="Move right" {...touchProps('right')}>
                <span aria-hidden="true">▶</span>
              </button>
            </div>
            <button type="button" className={`${styles.touchButton} ${styles.jumpButton}`} aria-label="Jump" {...touchProps('jump')}>
              <span aria-hidden="true">▲</span> Jump
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
