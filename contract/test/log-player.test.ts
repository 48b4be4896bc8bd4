/** The log player (the run page's replay, a race's ghost) reaches the numbers the replay check gives. */
import fullRun from './fixtures/full-run.json';
import { replayInputLog } from '../src/game/input-log';
import { InputLogPlayer } from '../src/game/log-player';
import { finalResult } from '../src/game/score';

describe('InputLogPlayer', () => {
  test('played to its end, a stored run reaches the verified result, on its last logged step', () => {
    const player = new InputLogPlayer(fullRun.inputLog, fullRun.seed);
    expect(player.length).toBe(fullRun.steps);
    while (!player.ended) player.advance();
    expect(player.position).toBe(fullRun.steps);
    expect(player.state.status).toBe('completed');
    expect(finalResult(player.state)).toEqual(fullRun.result);
    const verdict = replayInputLog(fullRun.inputLog, fullRun.seed);
    expect(verdict.ok && verdict.result).toEqual(finalResult(player.state));
  });

  test('seeking back and forth lands on the same state as playing straight there', () => {
    const straight = new InputLogPlayer(fullRun.inputLog, fullRun.seed);
    for (let i = 0; i < 3000; i++) straight.advance();
    const scrubbed = new InputLogPlayer(fullRun.inputLog, fullRun.seed);
    scrubbed.seek(5000);
    scrubbed.seek(3000);
    expect(scrubbed.position).toBe(3000);
    expect(scrubbed.state).toEqual(straight.state);
  });

  test('an unreadable log is refused up front', () => {
    expect(() => new InputLogPlayer('zz', 1)).toThrow(/malformed/);
  });
});
