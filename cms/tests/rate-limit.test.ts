/** The limiter on the shared CounterStore interface (fixed windows), with a clock under the test's control. */
import { MemoryCounterStore, createLoginLimiter, limitFromEnv } from '../src/utils/rate-limit';

let clock = 0;
const options = { maxPerUsernameIp: 3, maxPerIp: 5, slowAfterPerUsername: 4, slowStepMs: 100, slowMaxMs: 300, windowMs: 60_000 };
const limiter = () => {
  const store = new MemoryCounterStore(() => clock);
  return createLoginLimiter('test', options, () => store);
};

beforeEach(() => {
  clock = 1_000_000;
});

describe('MemoryCounterStore', () => {
  it('counts hits in fixed windows and says when the window ends', async () => {
    const store = new MemoryCounterStore(() => clock);
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    clock += 4_000;
    expect(await store.hit('k', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await store.get('k', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    clock += 6_000;
    expect(await store.get('k', 10_000)).toEqual({ count: 0, resetInMs: 10_000 });
    await store.hit('k', 10_000);
    await store.hit('k', 10_000);
    await store.release('k');
    expect((await store.get('k', 10_000)).count).toBe(1);
    await store.clear('k');
    expect((await store.get('k', 10_000)).count).toBe(0);
  });
});

describe('login limiter', () => {
  // Each reserve() is one sign-in attempt, counted as a failure unless recordSuccess() follows.
  it('refuses a username+IP pair after the allowed failures and says when to retry', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) {
      expect((await l.reserve('1.1.1.1', 'nurse')).limited).toBe(false);
      clock += 1000;
    }
    const result = await l.reserve('1.1.1.1', 'Nurse');
    expect(result.limited).toBe(true);
    expect(result.retryAfterSeconds).toBe(57);
  });

  it('never locks the username for another IP: failures from everywhere only slow it down', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.reserve(`10.0.0.${i}`, 'nurse');
    expect(await l.reserve('9.9.9.9', 'nurse')).toMatchObject({ limited: false, delayMs: 0 });
    for (let i = 4; i < 10; i++) await l.reserve(`10.0.0.${i}`, 'nurse');
    expect(await l.reserve('9.9.9.8', 'nurse')).toMatchObject({ limited: false, delayMs: 300 });
  });

  it('refuses an IP trying many usernames, and only that IP', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) await l.reserve('2.2.2.2', `user${i}`);
    expect((await l.reserve('2.2.2.2', 'someone-new')).limited).toBe(true);
    expect((await l.reserve('3.3.3.3', 'someone-new')).limited).toBe(false);
  });

  it('forgets failures once the window ends', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.reserve('1.1.1.1', 'nurse');
    clock += 60_001;
    expect((await l.reserve('1.1.1.1', 'nurse')).limited).toBe(false);
  });

  it("clears the pair's failures on success", async () => {
    const l = limiter();
    for (let i = 0; i < 2; i++) await l.reserve('1.1.1.1', 'nurse');
    await l.recordSuccess('1.1.1.1', 'nurse');
    await l.reserve('1.1.1.1', 'nurse');
    expect((await l.reserve('1.1.1.1', 'nurse')).limited).toBe(false);
  });

  it('a burst of parallel attempts gets no more than the limit through', async () => {
    const l = limiter();
    const results = await Promise.all(Array.from({ length: 100 }, () => l.reserve('4.4.4.4', 'nurse')));
    expect(results.filter((r) => !r.limited)).toHaveLength(3);
    // Refused attempts are not counted: once the window ends the pair starts afresh.
    clock += 60_001;
    expect((await l.reserve('4.4.4.4', 'nurse')).limited).toBe(false);
  });

  it('successful sign-ins do not use up the address', async () => {
    const l = limiter();
    for (let i = 0; i < 10; i++) {
      expect((await l.reserve('5.5.5.5', `user${i}`)).limited).toBe(false);
      await l.recordSuccess('5.5.5.5', `user${i}`);
    }
  });
});

it('reads route limits from env with defaults', () => {
  expect(limitFromEnv('CONTACT', { max: 5, windowSeconds: 600 }, {})).toEqual({ max: 5, windowMs: 600_000 });
  expect(limitFromEnv('CONTACT', { max: 5, windowSeconds: 600 }, { CONTACT_RATE_LIMIT_MAX: '50', CONTACT_RATE_LIMIT_WINDOW_SECONDS: '60' })).toEqual({
    max: 50,
    windowMs: 60_000,
  });
  expect(limitFromEnv('CONTACT', { max: 5, windowSeconds: 600 }, { CONTACT_RATE_LIMIT_MAX: 'lots' })).toEqual({ max: 5, windowMs: 600_000 });
});
