import { createLoginLimiter, createMemoryCounterStore } from '../src/utils/rate-limit';

describe('login limiter', () => {
  let clock = 0;
  const limiter = () =>
    createLoginLimiter({ maxPerUsername: 3, maxPerIp: 5, windowMs: 60_000 }, createMemoryCounterStore(() => clock));

  beforeEach(() => {
    // 1 000 000 ms is 40 s into a 60 s window (windows start at multiples of their length).
    clock = 1_000_000;
  });

  it('refuses a username after the allowed failures and says when to retry (when the window ends)', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) {
      expect((await l.check('1.1.1.1', 'nurse')).limited).toBe(false);
      await l.recordFailure('1.1.1.1', 'nurse');
      clock += 1000;
    }
    const result = await l.check('1.1.1.1', 'Nurse ');
    expect(result.limited).toBe(true);
    expect(result.retryAfterSeconds).toBe(17);
  });

  it('refuses an IP trying many usernames', async () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) await l.recordFailure('2.2.2.2', `user${i}`);
    expect((await l.check('2.2.2.2', 'someone-new')).limited).toBe(true);
    expect((await l.check('3.3.3.3', 'someone-new')).limited).toBe(false);
  });

  it('forgets failures once their window has ended', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.recordFailure('1.1.1.1', 'nurse');
    clock += 20_000;
    expect((await l.check('1.1.1.1', 'nurse')).limited).toBe(false);
  });

  it('clears a username on success', async () => {
    const l = limiter();
    for (let i = 0; i < 2; i++) await l.recordFailure('1.1.1.1', 'nurse');
    await l.recordSuccess('nurse');
    await l.recordFailure('1.1.1.1', 'nurse');
    expect((await l.check('1.1.1.1', 'nurse')).limited).toBe(false);
  });

  it('keeps two limiters apart in one shared store', async () => {
    const store = createMemoryCounterStore(() => clock);
    const options = { maxPerUsername: 3, maxPerIp: 5, windowMs: 60_000 };
    const users = createLoginLimiter({ ...options, scope: 'login' }, store);
    const admins = createLoginLimiter({ ...options, scope: 'admin-login' }, store);
    for (let i = 0; i < 3; i++) await users.recordFailure('1.1.1.1', 'nurse');
    expect((await users.check('1.1.1.1', 'nurse')).limited).toBe(true);
    expect((await admins.check('1.1.1.1', 'nurse')).limited).toBe(false);
  });
});
