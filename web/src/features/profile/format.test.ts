import { formatBonus, formatCountdown, formatDuration, formatPlayedDate, memberSince } from './format';

describe('profile formats', () => {
  it('shows time as m:ss with zero-padded seconds', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(600)).toBe('10:00');
  });

  it('counts down as mm:ss', () => {
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(4.2)).toBe('00:05');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('shows dates in US short format with time, and member-since as month and year', () => {
    const local = new Date(2026, 2, 14, 14, 5);
    expect(formatPlayedDate(local.toISOString())).toBe('3/14/2026, 2:05 PM');
    expect(memberSince(new Date(2026, 2, 1, 12).toISOString())).toBe('March 2026');
  });

  it('puts a plus before the bonus', () => {
    expect(formatBonus(875)).toBe('+875');
    expect(formatBonus(0)).toBe('+0');
  });
});
