/**
 * Plays a stored input log step by step with the engine: the run page's replay and the ghost of a race
 * read the same log the server verified, so a replay played to its end reaches the server's numbers.
 *
 *   const player = new InputLogPlayer(run.inputLog, run.seed);
 *   while (!player.ended) player.advance();   // or a few steps per animation frame
 *   finalResult(player.state)                 // the verified score
 */
import { isFinished, startGame, step } from './engine';
import { inputFromBits, parseInputLog } from './input-log';
import { LEVELS } from './levels';
import type { GameState, LevelData } from './types';

export class InputLogPlayer {
  /** The game at the current step. */
  state: GameState;
  /** Steps played so far (0 at the start). */
  position = 0;
  /** Steps the log holds: the game ends on the last one. */
  readonly length: number;
  private readonly bits: number[];
  private readonly counts: number[];
  private run = 0;
  private inRun = 0;

  /** Throws when the log cannot be read (a stored run's log always can). */
  constructor(
    log: string,
    private readonly seed: number,
    private readonly levels: readonly LevelData[] = LEVELS,
  ) {
    const parsed = parseInputLog(log);
    if (!parsed.ok) throw new Error(parsed.message);
    this.bits = parsed.runs.bits;
    this.counts = parsed.runs.counts;
    this.length = parsed.runs.steps;
    this.state = startGame({ levels, seed });
  }

  /** True once every logged step is played (the game is over, or 'World Saved!'). */
  get ended(): boolean {
    return this.position >= this.length || isFinished(this.state);
  }

  /** Plays the next logged step; at the end only the idle animations move (as in the game). */
  advance(): GameState {
    if (this.ended) {
      this.state = step(this.state, inputFromBits(0));
      return this.state;
    }
    this.state = step(this.state, inputFromBits(this.bits[this.run] as number));
    this.position++;
    if (++this.inRun >= (this.counts[this.run] as number)) {
      this.run++;
      this.inRun = 0;
    }
    return this.state;
  }

  /** Back to the start, then forward to `target` steps (a scrubber's seek: a whole game replays in milliseconds). */
  seek(target: number): GameState {
    const to = Math.max(0, Math.min(this.length, Math.floor(target)));
    if (to < this.position) {
      this.state = startGame({ levels: this.levels, seed: this.seed });
      this.position = 0;
      this.run = 0;
      this.inRun = 0;
    }
    while (this.position < to && !this.ended) this.advance();
    return this.state;
  }
}
