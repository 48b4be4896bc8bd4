import { MAX_STEPS_PER_FRAME, STEP_MS } from './constants';

interface FixedStepClockOptions {
  /** Length of one step in ms (default 1000/60). */
  stepMs?: number;
  /** Most steps returned for one tick (default 5); the rest of a long pause is dropped. */
  maxSteps?: number;
}

/**
 * Turns real timestamps (requestAnimationFrame / performance.now(), in ms) into a whole number of
 * fixed steps, with an accumulator. A huge delta (hidden tab, debugger pause, slow device) is clamped
 * to at most `maxSteps` steps and the leftover time is dropped, so the game slows down instead of
 * jumping ahead (the nurse never falls through the world).
 *
 *   const clock = new FixedStepClock();
 *   function frame(now: number) {
 *     const n = clock.tick(now);
 *     for (let i = 0; i < n; i++) state = step(state, input);
 *     drawGame(ctx, state, LEVELS);
 *     requestAnimationFrame(frame);
 *   }
 */
export class FixedStepClock {
  readonly stepMs: number;
  readonly maxSteps: number;
  private last: number | null = null;
  private acc = 0;

  constructor(options: FixedStepClockOptions = {}) {
    this.stepMs = options.stepMs ?? STEP_MS;
    this.maxSteps = options.maxSteps ?? MAX_STEPS_PER_FRAME;
  }

  /**
   * Number of fixed steps to run for a frame at time `now` (ms). The first call after construction or
   * reset() only records the time and returns 0. Time going backwards counts as no time.
   */
  tick(now: number): number {
    if (this.last === null || !Number.isFinite(now)) {
      if (Number.isFinite(now)) this.last = now;
      return 0;
    }
    const delta = now - this.last;
    this.last = now;
    if (delta > 0) this.acc += delta;
    // Tiny epsilon so 60 Hz frames (16.666.. ms) do not lose a step to floating-point rounding.
    let steps = Math.floor((this.acc + 1e-7) / this.stepMs);
    if (steps > this.maxSteps) {
      steps = this.maxSteps;
      this.acc = 0;
    } else {
      this.acc = Math.max(0, this.acc - steps * this.stepMs);
    }
    return steps;
  }

  /** Fraction (0..1) of a step left in the accumulator, for optional render interpolation. */
  get alpha(): number {
    return Math.min(1, this.acc / this.stepMs);
  }

  /** Forget the last timestamp and the accumulator (call when pausing or restarting the loop). */
  reset(): void {
    this.last = null;
    this.acc = 0;
  }
}
