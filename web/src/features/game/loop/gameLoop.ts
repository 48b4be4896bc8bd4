/**
 * The game loop, without React: runs the engine at a fixed 60 steps per second on animation frames,
 * records every step's input (the input log sent with the score), draws each frame at the device pixel
 * ratio, pauses while the tab is hidden, and reports the end of a game once.
 */
import {
  FixedStepClock,
  InputLogPlayer,
  InputRecorder,
  MAX_STEPS_PER_FRAME,
  finalResult,
  isFinished,
  seedFromSession,
  startGame,
  step,
  type GameState,
  type ScoreResult,
} from '@haic/contract';
import { drawGame, drawGhost } from '../render';
import type { SoundEffect } from '../sound/sound';
import { stepEffects } from './effects';
import { watchCanvasSize } from './canvasSize';
import type { InputState } from './input';

export interface GameSummary {
  result: ScoreResult;
  completed: boolean;
  level: number;
  coins: number;
  /** The game's input log; absent when the test hook changed the game (the log would not replay). */
  inputLog?: string;
}

/** The game to play: a session, and the seed of its run ticket (else the session's own seed). */
export interface LoopRun {
  sessionId: string;
  seed?: number;
}

const seedOf = (run: LoopRun) => run.seed ?? seedFromSession(run.sessionId);

/** A stored run raced as a ghost: replayed from its log, step for step with the player's game. */
export interface GhostRun {
  inputLog: string;
  seed: number;
  /** Who played it (the gap's label). */
  player: string;
}

interface GameLoopOptions {
  canvas: HTMLCanvasElement;
  input: InputState;
  run: LoopRun;
  onFinished: (summary: GameSummary) => void;
  onError: (error: unknown) => void;
  /** Each frame's update and draw time in ms (the test build's frame-time probe). */
  onFrameTime?: (ms: number) => void;
  /** What each step did that the player hears (sound effects). */
  onEffects?: (effects: SoundEffect[]) => void;
  /** A run to race: drawn as a translucent ghost. */
  ghost?: GhostRun | null;
}

export interface GameLoop {
  /** A new game (Play Again) for a new run. */
  restart(run: LoopRun): void;
  isPlaying(): boolean;
  isPaused(): boolean;
  state(): GameState;
  /** Puts another state in play (the test build's hook): the input log no longer describes the game. */
  replaceState(next: GameState): void;
  /** The raced run's game at this step, or null without a race. */
  ghostState(): GameState | null;
  /** The input log recorded so far. */
  inputLog(): string;
  stop(): void;
}

/** Starts the loop on a canvas; throws when the canvas cannot draw. */
export function startGameLoop({ canvas, input, run, onFinished, onError, onFrameTime, onEffects, ghost }: GameLoopOptions): GameLoop {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The 2D canvas context is not available');

  let state: GameState = startGame({ seed: seedOf(run) });
  let recorder = new InputRecorder();
  const newGhost = () => (ghost ? new InputLogPlayer(ghost.inputLog, ghost.seed) : null);
  let ghostPlayer = newGhost();
  /** The state was replaced from outside: the log no longer describes this game. */
  let tampered = false;
  let reported = false;
  const clock = new FixedStepClock({ maxSteps: MAX_STEPS_PER_FRAME });

  // Backing store = CSS size x devicePixelRatio, so the game is crisp at any width.
  const size = watchCanvasSize(canvas);

  let raf = 0;
  let paused = document.visibilityState === 'hidden';

  const frame = (now: number) => {
    raf = 0;
    try {
      const started = performance.now();
      const steps = clock.tick(now);
      if (steps > 0) {
        const current = input.current();
        for (let i = 0; i < steps; i++) {
          // Steps after the end only move the idle animations: they are not part of the game's log.
          if (!isFinished(state)) recorder.record(current);
          const before = state;
          state = step(state, current);
          if (onEffects && before !== state) {
            const effects = stepEffects(before, state);
            if (effects.length) onEffects(effects);
          }
          // The ghost moves on the same steps while the player plays.
          if (ghostPlayer && !isFinished(before)) ghostPlayer.advance();
        }
      }
      context.setTransform(size.scale(), 0, 0, size.scale(), 0, 0);
      drawGame(context, state);
      if (ghostPlayer && ghost) drawGhost(context, state, ghostPlayer.state, ghost.player);
      onFrameTime?.(performance.now() - started);
    } catch (error) {
      onError(error);
      return;
    }
    if (isFinished(state) && !reported) {
      reported = true;
      onFinished({
        result: finalResult(state),
        completed: state.status === 'completed',
        level: state.level,
        coins: state.totalCoins,
        inputLog: tampered ? undefined : recorder.encode(),
      });
    }
    if (!paused) raf = requestAnimationFrame(frame);
  };

  // A hidden tab pauses the game; on return the clock restarts so no time is made up.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') {
      paused = true;
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
      input.releaseAll();
    } else if (paused) {
      paused = false;
      clock.reset();
      if (!raf) raf = requestAnimationFrame(frame);
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  if (!paused) raf = requestAnimationFrame(frame);

  return {
    restart(next: LoopRun) {
      state = startGame({ seed: seedOf(next) });
      recorder = new InputRecorder();
      ghostPlayer = newGhost();
      tampered = false;
      reported = false;
      clock.reset();
    },
    isPlaying: () => !isFinished(state),
    isPaused: () => paused,
    state: () => state,
    replaceState(next: GameState) {
      tampered = true;
      // A game put back in play reports its end again; one that is over already stays reported.
      if (!isFinished(next)) reported = false;
      state = next;
    },
    ghostState: () => ghostPlayer?.state ?? null,
    inputLog: () => recorder.encode(),
    stop() {
      if (raf) cancelAnimationFrame(raf);
      raf = 0;
      size.stop();
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
