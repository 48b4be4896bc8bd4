/**
 * A stored run replayed on a canvas, without React: the engine fed by the run's input log on the fixed
 * 60 Hz step (InputLogPlayer), drawn at the device pixel ratio. It plays by itself, at 1x, 2x or 4x,
 * pauses, seeks (the scrubber) and restarts; it pauses while the tab is hidden.
 */
import { FixedStepClock, InputLogPlayer, MAX_STEPS_PER_FRAME, type GameState } from '@haic/contract';
import { drawGame } from '../render';
import { watchCanvasSize } from './canvasSize';

export const REPLAY_SPEEDS = [1, 2, 4] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplayProgress {
  /** Steps played. */
  position: number;
  /** Steps in the run. */
  length: number;
  playing: boolean;
  ended: boolean;
}

interface ReplayOptions {
  canvas: HTMLCanvasElement;
  inputLog: string;
  seed: number;
  onProgress: (progress: ReplayProgress) => void;
  onError: (error: unknown) => void;
}

export interface ReplayLoop {
  play(): void;
  pause(): void;
  setSpeed(speed: ReplaySpeed): void;
  /** To a step (the scrubber); the replay keeps playing or stays paused as it was. */
  seek(position: number): void;
  restart(): void;
  /** The game at the current step. */
  state(): GameState;
  stop(): void;
}

export function startReplayLoop({ canvas, inputLog, seed, onProgress, onError }: ReplayOptions): ReplayLoop {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('The 2D canvas context is not available');
  const player = new InputLogPlayer(inputLog, seed);
  const clock = new FixedStepClock({ maxSteps: MAX_STEPS_PER_FRAME });
  const size = watchCanvasSize(canvas);
  let speed: ReplaySpeed = 1;
  let wanted = true; // Play pressed (or autostart), as opposed to Pause
  let hidden = document.visibilityState === 'hidden';
  let raf = 0;

  const report = () => onProgress({ position: player.position, length: player.length, playing: wanted && !player.ended, ended: player.ended });

  const draw = () => {
    context.setTransform(size.scale(), 0, 0, size.scale(), 0, 0);
    drawGame(context, player.state);
  };

  const frame = (now: number) => {
    raf = 0;
    try {
      const steps = clock.tick(now) * speed;
      const before = player.position;
      for (let i = 0; i < steps; i++) player.advance();
      draw();
      if (player.position !== before) report();
    } catch (error) {
      onError(error);
      return;
    }
    // After the end the idle animations run on (as in the game) until paused.
    if (wanted && !hidden) raf = requestAnimationFrame(frame);
  };

  const run = () => {
    if (!raf && wanted && !hidden) {
      clock.reset();
      raf = requestAnimationFrame(frame);
    }
  };
  const halt = () => {
    if (raf) cancelAnimationFrame(raf);
    raf = 0;
  };

  const onVisibility = () => {
    hidden = document.visibilityState === 'hidden';
    if (hidden) halt();
    else run();
  };
  document.addEventListener('visibilitychange', onVisibility);
  draw();
  report();
  run();

  return {
    play() {
      if (player.ended) player.seek(0);
      wanted = true;
      report();
      run();
    },
    pause() {
      wanted = false;
      halt();
      report();
    },
    setSpeed(next) {
      speed = next;
    },
    seek(position) {
      player.seek(position);
      draw();
      report();
    },
    restart() {
      player.seek(0);
      wanted = true;
      draw();
      report();
      run();
    },
    state: () => player.state,
    stop() {
      halt();
      size.stop();
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
