/** @jest-environment node */
import { FixedStepClock } from '../src/game/clock';
import { MAX_STEPS_PER_FRAME, STEP_MS } from '../src/game/constants';

describe('FixedStepClock', () => {
  it('the first tick only records the time', () => {
    const c = new FixedStepClock();
    expect(c.tick(1000)).toBe(0);
  });

  it('runs one step per 60 Hz frame, without drift', () => {
    const c = new FixedStepClock();
    c.tick(0);
    let total = 0;
    for (let i = 1; i <= 600; i++) total += c.tick(i * STEP_MS);
    expect(total).toBe(600);
  });

  it('accumulates short frames and splits long ones', () => {
    const c = new FixedStepClock();
    c.tick(0);
    expect(c.tick(8)).toBe(0);
    expect(c.tick(17)).toBe(1); // 17 ms accumulated
    expect(c.alpha).toBeCloseTo((17 - STEP_MS) / STEP_MS, 6);
    expect(c.tick(17 + 2 * STEP_MS)).toBe(2); // a 30 Hz frame = 2 steps
    // 144 Hz display: about 5 frames per 2 steps.
    const d = new FixedStepClock();
    d.tick(0);
    let steps = 0;
    for (let i = 1; i <= 144; i++) steps += d.tick((i * 1000) / 144);
    expect(steps).toBe(60);
  });

  it('clamps a huge delta (hidden tab) to a few steps and drops the rest', () => {
    const c = new FixedStepClock();
    c.tick(0);
    expect(c.tick(10_000)).toBe(MAX_STEPS_PER_FRAME);
    expect(MAX_STEPS_PER_FRAME).toBeLessThanOrEqual(5);
    // Nothing is owed afterwards.
    expect(c.tick(10_000 + STEP_MS)).toBe(1);
    expect(c.alpha).toBeLessThan(0.01);
  });

  it('ignores time going backwards and can be reset', () => {
    const c = new FixedStepClock({ maxSteps: 3 });
    c.tick(500);
    expect(c.tick(400)).toBe(0);
    expect(c.tick(400 + STEP_MS)).toBe(1);
    expect(c.tick(5000)).toBe(3);
    c.reset();
    expect(c.tick(9000)).toBe(0);
    expect(c.tick(9000 + STEP_MS)).toBe(1);
  });

  it('ignores non-finite timestamps', () => {
    const c = new FixedStepClock();
    expect(c.tick(Number.NaN)).toBe(0);
    expect(c.tick(100)).toBe(0);
    expect(c.tick(Number.NaN)).toBe(0);
    expect(c.tick(100 + STEP_MS)).toBe(1);
  });
});
