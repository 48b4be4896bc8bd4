/** Worker thread body for the score replay pool (see replay-pool.ts): one input log, one replay. */
import { replayInputLog, type ReplayOutcome } from '@haic/contract';

export default function replay({ inputLog, seed }: { inputLog: string; seed: number }): ReplayOutcome {
  return replayInputLog(inputLog, seed);
}
