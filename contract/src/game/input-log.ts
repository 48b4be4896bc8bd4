/**
 * The input log: the key state of every fixed step of a game, run-length encoded, sent with the score
 * so the server can replay the game with this same engine and store the numbers the replay produces.
 *
 * Format: one run per key state, `<letter><count>`: the letter is 'a' + the input bits (1 left, 2 right,
 * 4 jump, so 'a'..'h'), the count is how many steps it was held, in decimal, left out when it is 1.
 * "a180c42g" is 180 steps of nothing, 42 steps of right, then one step of right+jump. A run never
 * takes more characters than steps, so the longest game bounds the longest log.
 *
 * One game has many spellings ("a3", "a1a2", "aaa", "a2a"): the canonical one merges neighbouring runs
 * of one key state and leaves a count of 1 out (what InputRecorder writes). The server hashes, stores and
 * compares only that spelling, so a log re-spelled cannot pass for a new run. Anything else (a count
 * of 0 or with a leading zero, an uppercase or unknown letter, a count without a letter) is malformed.
 */
import { COINS_PER_EXTRA_LIFE, LEVEL_COMPLETE_DELAY_STEPS, ROCKET_FRAMES, STARTING_LIVES, STEPS_PER_SECOND } from './constants';
import { isFinished, startGame, step } from './engine';
import { LEVELS } from './levels';
import { finalResult } from './score';
import type { GameState, Input, LevelData, ScoreResult } from './types';

export const INPUT_LEFT = 1;
export const INPUT_RIGHT = 2;
export const INPUT_JUMP = 4;

const INPUTS: readonly Input[] = Array.from({ length: 8 }, (_, b) => ({
  left: (b & INPUT_LEFT) !== 0,
  right: (b & INPUT_RIGHT) !== 0,
  jump: (b & INPUT_JUMP) !== 0,
}));

/** The Input for input bits (only the low 3 bits count). */
export function inputFromBits(bits: number): Input {
  return INPUTS[bits & 7] as Input;
}

function bitsFromInput(input: Input): number {
  return (input.left ? INPUT_LEFT : 0) | (input.right ? INPUT_RIGHT : 0) | (input.jump ? INPUT_JUMP : 0);
}

const LETTER_A = 97;

/**
 * Steps a falling nurse needs at most to leave the canvas once she starts dying (a hop of -8 from the
 * highest point a jump reaches, then gravity 0.6: under 70 steps; twice that for safety).
 */
const DYING_STEPS_MAX = 140;

/**
 * The longest game the rules allow, in steps: every level attempt ends by its time limit at the latest,
 * there are at most levels + lives + extra lives attempts (each failed attempt costs a life, and the
 * coins of all levels buy at most total/50 extra lives), plus the level-complete pauses and the rocket.
 */
export function maxGameSteps(levels: readonly LevelData[] = LEVELS): number {
  const totalCoins = levels.reduce((sum, l) => sum + l.coins.length, 0);
  const attempts = levels.length + STARTING_LIVES + Math.floor(totalCoins / COINS_PER_EXTRA_LIFE);
  const longestLevel = Math.max(...levels.map((l) => l.timeLimit * STEPS_PER_SECOND));
  return attempts * (longestLevel + DYING_STEPS_MAX) + (levels.length - 1) * LEVEL_COMPLETE_DELAY_STEPS + ROCKET_FRAMES;
}

/** Longest input log (characters) a real game can produce; anything longer is refused unread. */
export const MAX_INPUT_LOG_LENGTH = maxGameSteps(LEVELS);
export const inputLogTooLongMessage = (maxSteps: number = MAX_INPUT_LOG_LENGTH) => `inputLog is longer than a game can last (${maxSteps} characters at most)`;

/** Records one game's input, step by step, and encodes it. */
export class InputRecorder {
  private text = '';
  private bits = -1;
  private count = 0;
  private total = 0;

  /** Records the key state of one step. */
  record(input: Input): void {
    const bits = bitsFromInput(input);
    this.total++;
    if (bits === this.bits) {
      this.count++;
      return;
    }
    this.flush();
    this.bits = bits;
    this.count = 1;
  }

  get steps(): number {
    return this.total;
  }

  /** The encoded log so far. */
  encode(): string {
    return this.text + runText(this.bits, this.count);
  }

  private flush(): void {
    this.text += runText(this.bits, this.count);
  }
}

function runText(bits: number, count: number): string {
  if (count <= 0 || bits < 0) return '';
  return String.fromCharCode(LETTER_A + bits) + (count > 1 ? String(count) : '');
}

/** A decoded log: parallel arrays of input bits and step counts. */
interface InputRuns {
  bits: number[];
  counts: number[];
  steps: number;
}

type ParsedLog = { ok: true; runs: InputRuns } | { ok: false; message: string };

/**
 * Decodes a log. Refuses anything that is not a string, longer than a game can produce, malformed, or
 * holding more steps than the longest game, in one linear pass and before any replay.
 */
export function parseInputLog(log: unknown, maxSteps: number = MAX_INPUT_LOG_LENGTH): ParsedLog {
  if (typeof log !== 'string') return { ok: false, message: 'inputLog must be a string' };
  if (log.length === 0) return { ok: false, message: 'inputLog is empty' };
  if (log.length > maxSteps) return { ok: false, message: inputLogTooLongMessage(maxSteps) };
  const bits: number[] = [];
  const counts: number[] = [];
  let steps = 0;
  let i = 0;
  while (i < log.length) {
    const letter = log.charCodeAt(i) - LETTER_A;
    if (letter < 0 || letter > 7) return { ok: false, message: `inputLog is malformed at character ${i + 1}` };
    i++;
    let count = 1;
    const digitsAt = i;
    while (i < log.length) {
      const c = log.charCodeAt(i);
      if (c < 48 || c > 57) break;
      if (i === digitsAt && c === 48) return { ok: false, message: `inputLog is malformed at character ${i + 1}` };
      i++;
      if (i - digitsAt > 7) return { ok: false, message: 'inputLog holds more steps than a game can last' };
    }
    if (i > digitsAt) count = Number(log.slice(digitsAt, i));
    steps += count;
    if (steps > maxSteps) return { ok: false, message: 'inputLog holds more steps than a game can last' };
    bits.push(letter);
    counts.push(count);
  }
  return { ok: true, runs: { bits, counts, steps } };
}

type CanonicalLog = { ok: true; log: string; steps: number } | { ok: false; message: string };

/** The canonical spelling of a well-formed log (see the top of this module), or why it is malformed. */
export function canonicalInputLog(log: unknown, maxSteps: number = MAX_INPUT_LOG_LENGTH): CanonicalLog {
  const parsed = parseInputLog(log, maxSteps);
  if (!parsed.ok) return parsed;
  const { bits, counts, steps } = parsed.runs;
  let text = '';
  let runBits = -1;
  let runCount = 0;
  for (let r = 0; r < bits.length; r++) {
    if (bits[r] === runBits) {
      runCount += counts[r] as number;
      continue;
    }
    text += runText(runBits, runCount);
    runBits = bits[r] as number;
    runCount = counts[r] as number;
  }
  return { ok: true, log: text + runText(runBits, runCount), steps };
}

export type ReplayOutcome = { ok: true; result: ScoreResult; completed: boolean; steps: number } | { ok: false; message: string };

/**
 * Plays a game from Start with the run's seed and the logged input. The log must end on the very
 * step the game ends (game over or 'World Saved!').
 */
export function replayInputLog(log: unknown, seed: number, levels: readonly LevelData[] = LEVELS): ReplayOutcome {
  const maxSteps = levels === LEVELS ? MAX_INPUT_LOG_LENGTH : maxGameSteps(levels);
  const parsed = parseInputLog(log, maxSteps);
  if (!parsed.ok) return parsed;
  const { bits, counts } = parsed.runs;
  let state: GameState = startGame({ levels, seed });
  for (let r = 0; r < bits.length; r++) {
    const input = inputFromBits(bits[r] as number);
    for (let n = counts[r] as number; n > 0; n--) {
      if (isFinished(state)) return { ok: false, message: 'inputLog goes on after the game ended' };
      state = step(state, input);
    }
  }
  if (!isFinished(state)) return { ok: false, message: 'inputLog ends before the game is over' };
  return { ok: true, result: finalResult(state), completed: state.status === 'completed', steps: state.steps };
}

/** The submitted numbers a replay checks, in the order they are compared. */
const REPLAYED_FIELDS = ['level', 'score', 'timeElapsed', 'bonusPoints', 'totalPoints'] as const;

/** The first claimed number that differs from the replay, with a message naming it; null when all match. */
export function replayMismatch(
  claimed: Pick<ScoreResult, (typeof REPLAYED_FIELDS)[number]>,
  replayed: ScoreResult,
): { field: (typeof REPLAYED_FIELDS)[number]; message: string } | null {
  for (const field of REPLAYED_FIELDS) {
    if (claimed[field] !== replayed[field]) {
      return {
        field,
        message: `${field} ${claimed[field]} does not match the replayed run (${replayed[field]})`,
      };
    }
  }
  return null;
}
