/**
 * The input log: what the browser records replays on the server to the same numbers, and a log that
 * was changed, cut, or recorded in another session does not.
 */
import { LEVEL_COMPLETE_DELAY_STEPS, ROCKET_FRAMES } from '../src/game/constants';
import { NO_INPUT, isFinished, seedFromSession, startGame, step } from '../src/game/engine';
import {
  InputRecorder,
  MAX_INPUT_LOG_LENGTH,
  inputFromBits,
  maxGameSteps,
  canonicalInputLog,
  parseInputLog,
  replayInputLog,
  replayMismatch,
} from '../src/game/input-log';
import { LEVELS } from '../src/game/levels';
import { finalResult } from '../src/game/score';
import type { GameState, Input, ScoreResult } from '../src/game/types';
import { solveLevel, type InputRun } from './solver';

/** Plays like the browser does: one recorded input per step until the game ends. */
function play(sessionId: string, script: Iterable<Input>): { log: string; result: ScoreResult; state: GameState } {
  const recorder = new InputRecorder();
  let state = startGame({ seed: seedFromSession(sessionId) });
  for (const input of script) {
    if (isFinished(state)) break;
    recorder.record(input);
    state = step(state, input);
  }
  // Whatever the script, the game runs on with no keys until it ends (time limits bound it).
  while (!isFinished(state)) {
    recorder.record(NO_INPUT);
    state = step(state, NO_INPUT);
  }
  return { log: recorder.encode(), result: finalResult(state), state };
}

function* expand(runs: readonly InputRun[]): Generator<Input> {
  for (const [bits, count] of runs) for (let i = 0; i < count; i++) yield inputFromBits(bits);
}

function* pause(steps: number): Generator<Input> {
  for (let i = 0; i < steps; i++) yield NO_INPUT;
}

/** The solver's route through every level for this session's seed, as one game's input. */
function winningScript(sessionId: string): Input[] {
  const seed = seedFromSession(sessionId);
  const script: Input[] = [];
  for (let level = 1; level <= LEVELS.length; level++) {
    const solution = solveLevel(level, { seed, maxNodes: 8000 });
    if (!solution) throw new Error(`no route through level ${level} for seed ${seed}`);
    script.push(...expand(solution.runs));
    script.push(...pause(level < LEVELS.length ? LEVEL_COMPLETE_DELAY_STEPS : ROCKET_FRAMES));
  }
  return script;
}

const SESSION = '5f0c2a8e-1b7d-4c1e-9a53-0d2f6b7e8c91';

describe('a full game recorded as an input log', () => {
  const script = winningScript(SESSION);
  const game = play(SESSION, script);

  it('every level solved: the world is saved, and the log is small', () => {
    expect(game.state.status).toBe('completed');
    expect(game.result.level).toBe(10);
    expect(game.log.length).toBeLessThan(3000);
  });

  it('replays on the server to the same numbers as in the browser', () => {
    const replayed = replayInputLog(game.log, seedFromSession(SESSION));
    expect(replayed).toEqual({ ok: true, result: game.result, completed: true, steps: game.state.steps });
    expect(replayMismatch(game.result, (replayed as { result: ScoreResult }).result)).toBeNull();
  });

  it('one input flipped changes the run, and the claim is refused', () => {
    // Hold 'right' one step longer somewhere in level 1: the nurse ends elsewhere and the numbers differ.
    const flipped = script.slice();
    const at = flipped.findIndex((input, i) => i > 300 && input.jump);
    flipped[at] = NO_INPUT;
    const changed = play(SESSION, flipped).log;
    expect(changed).not.toBe(game.log);
    const replayed = replayInputLog(changed, seedFromSession(SESSION));
    const refused = !replayed.ok || replayMismatch(game.result, replayed.result) !== null;
    expect(refused).toBe(true);
  });

  it('the same log under another session replays to different numbers (viruses are elsewhere)', () => {
    const replayed = replayInputLog(game.log, seedFromSession('another-session-0001'));
    const refused = !replayed.ok || replayMismatch(game.result, replayed.result) !== null;
    expect(refused).toBe(true);
  });

  it('a truncated log is refused: the game is not over yet', () => {
    expect(replayInputLog(game.log.slice(0, Math.floor(game.log.length / 2)), seedFromSession(SESSION))).toMatchObject({
      ok: false,
      message: 'inputLog ends before the game is over',
    });
  });

  it('a log that goes on after the end is refused', () => {
    expect(replayInputLog(`${game.log}a5`, seedFromSession(SESSION))).toMatchObject({ ok: false, message: 'inputLog goes on after the game ended' });
  });
});

describe('every level, seed by seed', () => {
  const sessions = ['session-aaaa-0001', 'session-bbbb-0002'];
  it.each(sessions)('session %s: each level has a route that replays exactly', (sessionId) => {
    const seed = seedFromSession(sessionId);
    for (let level = 1; level <= LEVELS.length; level++) {
      const solution = solveLevel(level, { seed, maxNodes: 8000 });
      expect(solution).not.toBeNull();
    }
  });
});

describe('a level-1 death', () => {
  it('standing still until the level clock runs out three times ends the game; the log replays to the same numbers', () => {
    const game = play(SESSION, pause(0));
    // Standing still: the level clock runs out three times.
    expect(game.state.status).toBe('gameOver');
    expect(game.result).toMatchObject({ level: 1, score: 100 });
    expect(replayInputLog(game.log, seedFromSession(SESSION))).toMatchObject({ ok: true, result: game.result });
    expect(game.log.length).toBeLessThan(40);
  });
});

describe('parseInputLog', () => {
  it('reads runs and counts', () => {
    expect(parseInputLog('a180c42g')).toEqual({ ok: true, runs: { bits: [0, 2, 6], counts: [180, 42, 1], steps: 223 } });
  });

  it.each([
    ['', 'inputLog is empty'],
    ['x12', 'inputLog is malformed at character 1'],
    ['a0', 'inputLog is malformed at character 2'],
    ['a12 b', 'inputLog is malformed at character 4'],
    ['a\u0000', 'inputLog is malformed at character 2'],
    ['a99999999', 'inputLog holds more steps than a game can last'],
    [`a${MAX_INPUT_LOG_LENGTH}b`, 'inputLog holds more steps than a game can last'],
  ])('refuses %j', (log, message) => {
    expect(parseInputLog(log)).toEqual({ ok: false, message });
  });

  it('refuses non-strings and anything longer than the longest game, without reading it', () => {
    expect(parseInputLog(42)).toEqual({ ok: false, message: 'inputLog must be a string' });
    expect(parseInputLog(['a'])).toEqual({ ok: false, message: 'inputLog must be a string' });
    const huge = 'b'.repeat(10 * 1024 * 1024);
    const started = Date.now();
    expect(parseInputLog(huge)).toMatchObject({ ok: false });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('the longest game is bounded by the level time limits', () => {
    const levels = LEVELS;
    const limitSteps = levels[0]!.timeLimit * 60;
    expect(maxGameSteps(levels)).toBeGreaterThan(LEVELS.length * limitSteps);
    expect(MAX_INPUT_LOG_LENGTH).toBe(maxGameSteps(levels));
  });
});

describe('the canonical spelling', () => {
  it.each([
    ['a3', 'a3'],
    ['a1a2', 'a3'],
    ['aaa', 'a3'],
    ['a2a', 'a3'],
    ['a1', 'a'],
    ['a1b1a1', 'aba'],
    ['c40c2g1g', 'c42g2'],
    ['a9a9a9a9a9a9a9a9a9a9a9a9', 'a108'],
    ['h1h1h1h7b', 'h10b'],
  ])('%j is spelled %j', (log, canonical) => {
    expect(canonicalInputLog(log)).toMatchObject({ ok: true, log: canonical });
  });

  it('keeps the step count, and is what the recorder writes', () => {
    const { log } = play(
      'canonical-session',
      expand([
        [0, 90],
        [2, 30],
        [6, 1],
        [2, 200],
      ]),
    );
    const parsed = parseInputLog(log);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(canonicalInputLog(log)).toEqual({ ok: true, log, steps: parsed.runs.steps });
    // Every run split into single steps: another spelling of the same game, the same canonical log.
    const spelledOut = parsed.runs.bits.map((b, i) => String.fromCharCode(97 + b).repeat(parsed.runs.counts[i] as number)).join('');
    expect(spelledOut).not.toBe(log);
    expect(canonicalInputLog(spelledOut)).toMatchObject({ ok: true, log });
    // Both replay to the same game.
    expect(replayInputLog(spelledOut, seedFromSession('canonical-session'))).toEqual(replayInputLog(log, seedFromSession('canonical-session')));
  });

  it.each([
    ['a0', 'inputLog is malformed at character 2'],
    ['a0a3', 'inputLog is malformed at character 2'],
    ['a03', 'inputLog is malformed at character 2'],
    ['A3', 'inputLog is malformed at character 1'],
    ['a3B', 'inputLog is malformed at character 3'],
    ['3a', 'inputLog is malformed at character 1'],
    ['i2', 'inputLog is malformed at character 1'],
    ['a+3', 'inputLog is malformed at character 2'],
    ['', 'inputLog is empty'],
  ])('no other spelling: %j is malformed', (log, message) => {
    expect(canonicalInputLog(log)).toEqual({ ok: false, message });
  });
});
