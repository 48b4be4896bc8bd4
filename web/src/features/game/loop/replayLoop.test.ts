/**
 * The run page's replay loop, as the browser runs it: frames drive the engine through the stored log at
 * 1x, 2x or 4x, Pause stops it, and played to its end it reaches exactly the numbers the server verified
 * for that run (contract/test/fixtures/full-run.json: a stored 10-level run and the server's verdict).
 */
import { STEP_MS, finalResult } from '@haic/contract';
import fullRun from '../../../../../contract/test/fixtures/full-run.json';
import { startReplayLoop, type ReplayProgress } from './replayLoop';

/** A 2D context that accepts every call (the drawing is covered by drawGame.test.ts). */
const fakeContext = () =>
  new Proxy({} as Record<string, unknown>, {
    get: (target, name: string) =>
      name in target
        ? target[name]
        : name === 'measureText'
          ? () => ({ width: 10 })
          : name === 'createLinearGradient'
            ? () => ({ addColorStop() {} })
            : () => undefined,
    set: (target, name: string, value) => ((target[name] = value), true),
  }) as unknown as CanvasRenderingContext2D;

let frames: Array<(now: number) => void> = [];
let now = 0;
/** Runs the animation frames for `ms` of time, one every 1/60 s. */
function play(ms: number) {
  for (let t = 0; t < ms; t += STEP_MS) {
    now += STEP_MS;
    const pending = frames;
    frames = [];
    pending.forEach((frame) => frame(now));
  }
}

beforeEach(() => {
  frames = [];
  now = 0;
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frames.push(callback);
    return frames.length;
  });
  jest.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => {
    frames = [];
  });
});

afterEach(() => jest.restoreAllMocks());

function start() {
  const canvas = document.createElement('canvas');
  canvas.getContext = (() => fakeContext()) as unknown as HTMLCanvasElement['getContext'];
  let progress: ReplayProgress = { position: 0, length: 0, playing: false, ended: false };
  const loop = startReplayLoop({
    canvas,
    inputLog: fullRun.inputLog,
    seed: fullRun.seed,
    onProgress: (p) => (progress = p),
    onError: (e) => {
      throw e;
    },
  });
  return { loop, progress: () => progress };
}

test("plays by itself to the run's end, where the engine's numbers are the server's verdict", () => {
  const { loop, progress } = start();
  expect(progress()).toMatchObject({ position: 0, length: fullRun.steps, playing: true });
  play(1000);
  expect(progress().position).toBeGreaterThan(50);
  loop.setSpeed(4);
  play((fullRun.steps * STEP_MS) / 4 + 1000);
  expect(progress()).toMatchObject({ position: fullRun.steps, ended: true, playing: false });
  expect(loop.state().status).toBe('completed');
  expect(finalResult(loop.state())).toEqual(fullRun.result);
  loop.stop();
});

test('Pause freezes the position; Play goes on from there; seeking lands on the step asked for', () => {
  const { loop, progress } = start();
  play(500);
  loop.pause();
  const paused = progress().position;
  play(2000);
  expect(progress().position).toBe(paused);
  expect(progress().playing).toBe(false);
  loop.play();
  play(500);
  expect(progress().position).toBeGreaterThan(paused);
  loop.seek(4000);
  expect(progress().position).toBe(4000);
  loop.restart();
  expect(progress().position).toBe(0);
  loop.stop();
});

test('at 2x the replay plays two steps per frame', () => {
  const { loop, progress } = start();
  play(STEP_MS); // the first frame only records the time
  loop.setSpeed(2);
  const before = progress().position;
  play(STEP_MS * 30);
  expect(progress().position - before).toBe(60);
  loop.stop();
});
