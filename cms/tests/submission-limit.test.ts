/** The score submission limiter on its own: per IP and per account, fixed windows, a burst of 20 always passes. */
import { SCORE_BURST, SubmissionLimitedError, createSubmissionLimiter, limitsFromEnv } from '../src/api/game-score/submission-limit';
import { MemoryCounterStore } from '../src/utils/rate-limit';

describe('score submission limits', () => {
  it('come from the env, never below the burst of 20', () => {
    expect(limitsFromEnv({})).toEqual({ accountMax: 30, ipMax: 120, windowMs: 60_000 });
    expect(limitsFromEnv({ SCORE_RATE_LIMIT_ACCOUNT_MAX: '5', SCORE_RATE_LIMIT_IP_MAX: '3', SCORE_RATE_LIMIT_WINDOW_SECONDS: '10' })).toEqual({
      accountMax: SCORE_BURST,
      ipMax: SCORE_BURST,
      windowMs: 10_000,
    });
    expect(limitsFromEnv({ SCORE_RATE_LIMIT_ACCOUNT_MAX: 'lots' }).accountMax).toBe(30);
  });

  it('per IP across accounts, per account across IPs; the window ends and counting starts again', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    const limiter = createSubmissionLimiter(() => store, { accountMax: 20, ipMax: 25, windowMs: 60_000 });
    for (let i = 0; i < 25; i++) await limiter.hit('10.0.0.1', `wallet:${i}`);
    await expect(limiter.hit('10.0.0.1', 'wallet:new')).rejects.toBeInstanceOf(SubmissionLimitedError);
    // Another IP is not affected.
    await expect(limiter.hit('10.0.0.2', 'wallet:new')).resolves.toBeUndefined();

    for (let i = 0; i < 20; i++) await limiter.hit(`10.1.0.${i}`, 'user:7');
    now += 40_000;
    const refused = await limiter.hit('10.2.0.1', 'user:7').catch((error) => error);
    expect(refused).toBeInstanceOf(SubmissionLimitedError);
    expect(refused.retryAfterSeconds).toBe(20); // the window (aligned to 60 s) ends in 20 s
    expect(refused.message).toBe('Too many scores submitted. Please wait 20 s and try again.');

    now += 20_000;
    await expect(limiter.hit('10.0.0.1', 'user:7')).resolves.toBeUndefined();
  });
});
