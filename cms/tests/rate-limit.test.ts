import { createLoginLimiter } from '../src/utils/rate-limit';

describe('login limiter', () => {
  let clock = 0;
  const limiter = () => createLoginLimiter({ maxPerUsername: 3, maxPerIp: 5, windowMs: 60_000 }, () => clock);

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('refuses a username after the allowed failures and says when to retry', () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) {
      expect(l.check('1.1.1.1', 'nurse').limited).toBe(false);
      l.recordFailure('1.1.1.1', 'nurse');
      clock += 1000;
    }
    const result = l.check('1.1.1.1', 'Nurse ');
    expect(result.limited).toBe(true);
    expect(result.retryAfterSeconds).toBe(57);
  });

  it('refuses an IP trying many usernames', () => {
    const l = limiter();
    for (let i = 0; i < 5; i++) l.recordFailure('2.2.2.2', `user${i}`);
    expect(l.check('2.2.2.2', 'someone-new').limited).toBe(true);
    expect(l.check('3.3.3.3', 'someone-new').limited).toBe(false);
  });

  it('forgets failures once they leave the window', () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) l.recordFailure('1.1.1.1', 'nurse');
    clock += 60_001;
    expect(l.check('1.1.1.1', 'nurse').limited).toBe(false);
  });

  it('clears a username on success', () => {
    const l = limiter();
    for (let i = 0; i < 2; i++) l.recordFailure('1.1.1.1', 'nurse');
    l.recordSuccess('nurse');
    l.recordFailure('1.1.1.1', 'nurse');
    expect(l.check('1.1.1.1', 'nurse').limited).toBe(false);
  });
});
