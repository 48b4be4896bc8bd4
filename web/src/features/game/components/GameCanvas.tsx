/**
 * The Nurse Help Me canvas: runs the engine at a fixed 60 steps per second, draws every animation
 * frame, reads the keyboard (arrows, WASD, Space) and the on-screen touch buttons, pauses while the
 * tab is hidden, and reports the end of a game once. Loaded lazily (React.lazy) with the engine and
 * the renderer, so no other page downloads the game.
 */
import { useEffect, useRef, useState, type ReactNode, type PointerEvent as ReactPointerEvent } from 'react';
import { IS_TEST_BUILD } from '../../../lib/env';
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  FixedStepClock,
  LEVELS,
  MAX_STEPS_PER_FRAME,
  ROCKET_FRAMES,
  STEPS_PER_SECOND,
  finalResult,
  isFinished,
  restart,
  startAtLevel,
  startGame,
  step,
  type GameState,
  type Input,
  type ScoreResult,
} from '../engine';
import { drawGame } from '../render';
import styles from './GameCanvas.module.css';

export interface GameSummary {
  result: ScoreResult;
  completed: boolean;
  level: number;
  coins: number;
}

export interface GameCanvasProps {
  /** Changing it starts a new game (Play Again). */
  runId: number;
  onFinished: (summary: GameSummary) => void;
  /** The canvas could not start or draw: the page goes back to the welcome panel. */
  onError: (error: unknown) => void;
  /** Drawn over the canvas (the Game Over panel). */
  children?: ReactNode;
}

type Control = keyof Input;

/** Keyboard codes (layout independent) and keys for each control. */
const KEY_CONTROLS: Record<string, Control> = {
  ArrowLeft: 'left',
  KeyA: 'left',
  ArrowRight: 'right',
  KeyD: 'right',
  ArrowUp: 'jump',
  KeyW: 'jump',
  Space: 'jump',
};
const KEY_FALLBACK: Record<string, Control> = {
  a: 'left',
  d: 'right',
  w: 'jump',
  ' ': 'jump',
};

function controlFor(event: KeyboardEvent): Control | undefined {
  return KEY_CONTROLS[event.code] ?? KEY_CONTROLS[event.key] ?? KEY_FALLBACK[event.key.toLowerCase()];
}

function isEditable(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** How a test ends a game through the debug hook. */
export interface FinishOptions {
  level?: number;
  coins?: number;
  seconds?: number;
  completed?: boolean;
}

/** window.__nurseHelpMe, installed in test builds only (VITE_TEST_HOOKS=true). */
export interface NurseHelpMeDebugHook {
  /** The logical canvas size the game draws in (800x400). */
  size: { width: number; height: number };
  getState(): GameState;
  isPaused(): boolean;
  /** Ends the game now with these numbers (defaults: the current level and coins). */
  finish(options?: FinishOptions): void;
  forceGameOver(): void;
  /** Jumps to a level (benchmarks). */
  setLevel(level: number): void;
  /** Update+draw durations (ms) of the frames since the last reset. */
  frameTimes(): number[];
  resetFrameTimes(): void;
}

declare global {
  interface Window {
    __nurseHelpMe?: NurseHelpMeDebugHook;
  }
}

const FRAME_TIME_LIMIT = 5000;

export default function GameCanvas({ runId, onFinished, onError, children }: GameCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stateRef = useRef<GameState>(startGame());
  const reportedRef = useRef(false);
  const clockRef = useRef(new FixedStepClock({ maxSteps: MAX_STEPS_PER_FRAME }));
  const keysRef = useRef({
    left: new Set<string>(),
    right: new Set<string>(),
    jump: new Set<string>(),
  });
  const touchRef = useRef<Input>({ left: false, right: false, jump: false });
  const callbacks = useRef({ onFinished, onError });
  callbacks.current = { onFinished, onError };
  const [playing, setPlaying] = useState(true);
  const playingRef = useRef(true);
  const firstRun = useRef(true);

  // Play Again: a new game on the same canvas.
  useEffect(() => {
    if (firstRun.current) {
      firstRun.current = false;
      return;
    }
    stateRef.current = restart();
    reportedRef.current = false;
    clockRef.current.reset();
    playingRef.current = true;
    setPlaying(true);
  }, [runId]);

  // The loop, sizing, visibility and the test hook.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = canvas.getContext('2d');
    } catch (error) {
      callbacks.current.onError(error);
      return;
    }
    if (!ctx) {
      callbacks.current.onError(new Error('The 2D canvas context is not available'));
      return;
    }
    const context = ctx;
    const clock = clockRef.current;
    clock.reset();

    // Backing store = CSS size x devicePixelRatio, so the game is crisp at any width.
    let scale = 1;
    const resize = () => {
      const dpr = window.devicePixelRatio || 1;
      const cssWidth = canvas.clientWidth || CANVAS_WIDTH;
      const width = Math.max(1, Math.round(cssWidth * dpr));
      const height = Math.max(1, Math.round((cssWidth * dpr * CANVAS_HEIGHT) / CANVAS_WIDTH));
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      scale = width / CANVAS_WIDTH;
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    observer?.observe(canvas);
    window.addEventListener('resize', resize);

    const frameTimes: number[] = [];
    let raf = 0;
    let paused = document.visibilityState === 'hidden';

    const input = (): Input => {
      const keys = keysRef.current;
      const touch = touchRef.current;
      return {
        left: keys.left.size > 0 || touch.left,
        right: keys.right.size > 0 || touch.right,
        jump: keys.jump.size > 0 || touch.jump,
      };
    };

    const frame = (now: number) => {
      raf = 0;
      try {
        const started = performance.now();
        const steps = clock.tick(now);
        if (steps > 0) {
          const current = input();
          let state = stateRef.current;
          for (let i = 0; i < steps; i++) state = step(state, current);
          stateRef.current = state;
        }
        context.setTransform(scale, 0, 0, scale, 0, 0);
        drawGame(context, stateRef.current);
        if (IS_TEST_BUILD) {
          if (frameTimes.length >= FRAME_TIME_LIMIT) frameTimes.shift();
          frameTimes.push(performance.now() - started);
        }
      } catch (error) {
        callbacks.current.onError(error);
        return;
      }
      const state = stateRef.current;
      if (isFinished(state) && !reportedRef.current) {
        reportedRef.current = true;
        playingRef.current = false;
        setPlaying(false);
        const result = finalResult(state);
        callbacks.current.onFinished({
          result,
          completed: state.status === 'completed',
          level: state.level,
          coins: state.totalCoins,
        });
      }
      if (!paused) raf = requestAnimationFrame(frame);
    };

    const releaseAll = () => {
      keysRef.current.left.clear();
      keysRef.current.right.clear();
      keysRef.current.jump.clear();
      touchRef.current = { left: false, right: false, jump: false };
    };

    // A hidden tab pauses the game; on return the clock restarts so no time is made up.
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        paused = true;
        if (raf) cancelAnimationFrame(raf);
        raf = 0;
        releaseAll();
      } else if (paused) {
        paused = false;
        clock.reset();
        if (!raf) raf = requestAnimationFrame(frame);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', releaseAll);
    if (!paused) raf = requestAnimationFrame(frame);

    if (IS_TEST_BUILD) {
      window.__nurseHelpMe = {
        size: { width: CANVAS_WIDTH, height: CANVAS_HEIGHT },
        getState: () => stateRef.current,
        isPaused: () => paused,
        finish: (options: FinishOptions = {}) => {
          const s = stateRef.current;
          const completed = options.completed ?? false;
          stateRef.current = {
            ...s,
            status: completed ? 'completed' : 'gameOver',
            level: options.level ?? (completed ? LEVELS.length : s.level),
            totalCoins: options.coins ?? s.totalCoins,
            steps: options.seconds !== undefined ? options.seconds * STEPS_PER_SECOND : s.steps,
            lives: completed ? s.lives : 0,
            rocketFrames: completed ? ROCKET_FRAMES : s.rocketFrames,
          };
        },
        forceGameOver: () => window.__nurseHelpMe?.finish(),
        setLevel: (level: number) => {
          stateRef.current = startAtLevel(level);
          reportedRef.current = false;
        },
        frameTimes: () => frameTimes.slice(),
        resetFrameTimes: () => {
          frameTimes.length = 0;
        },
      };
    }

    return () => {
      if (raf) cancelAnimationFrame(raf);
      observer?.disconnect();
      window.removeEventListener('resize', resize);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', releaseAll);
      if (IS_TEST_BUILD) delete window.__nurseHelpMe;
    };
  }, []);

  // The keys belong to the game while it is being played: they steer the nurse and do not scroll the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const control = controlFor(event);
      if (!control) {
        // ArrowDown steers nothing, but would still scroll the page under the game.
        if (event.key === 'ArrowDown' && playingRef.current && !isEditable(event.target)) event.preventDefault();
        return;
      }
      const down = event.type === 'keydown';
      if (down && (!playingRef.current || isEditable(event.target) || event.altKey || event.ctrlKey || event.metaKey))
        return;
      const set = keysRef.current[control];
      if (down) set.add(event.code || event.key);
      else set.delete(event.code || event.key);
      if (playingRef.current) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
    };
  }, []);

  const touch = (control: Control, pressed: boolean) => (event: ReactPointerEvent<HTMLButtonElement>) => {
    event.preventDefault();
    touchRef.current = { ...touchRef.current, [control]: pressed };
  };
  const touchProps = (control: Control) => ({
    onPointerDown: touch(control, true),
    onPointerUp: touch(control, false),
    onPointerCancel: touch(control, false),
    onPointerLeave: touch(control, false),
    onContextMenu: (event: { preventDefault(): void }) => event.preventDefault(),
  });

  return (
    <div className={styles.wrapper}>
      <div className={styles.stage}>
        <canvas
          ref={canvasRef}
          className={styles.canvas}
          role="img"
          aria-label="Nurse Help Me game: move with the arrow keys or A and D, jump with Space, the up arrow or W"
          data-testid="game-canvas"
        />
        {children}
      </div>
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
          <button
            type="button"
            className={`${styles.touchButton} ${styles.jumpButton}`}
            aria-label="Jump"
            {...touchProps('jump')}
          >
            <span aria-hidden="true">▲</span> Jump
          </button>
        </div>
      )}
    </div>
  );
}
