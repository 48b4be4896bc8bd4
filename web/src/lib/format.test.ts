import { blogRelativeTime, longDate, newsRelativeTime } from './format';

const now = new Date('2026-03-31T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 3600 * 1000);
const hoursAgo = (n: number) => new Date(now.getTime() - n * 3600 * 1000);

describe('blogRelativeTime', () => {
  it.each([
    [0, 'Today'],
    [1, 'Yesterday'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [29, '4 weeks ago'],
    [30, '1 month ago'],
    [95, '3 months ago'],
  ])('%i days ago reads %s', (days, text) => {
    expect(blogRelativeTime(daysAgo(days), now)).toBe(text);
  });

  it('accepts an ISO date string', () => {
    expect(blogRelativeTime('2026-03-29T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe('newsRelativeTime', () => {
  it('counts minutes under an hour', () => {
    expect(newsRelativeTime(new Date(now.getTime() - 5 * 60 * 1000), now)).toBe('5 minutes ago');
    expect(newsRelativeTime(new Date(now.getTime() - 59 * 60 * 1000), now)).toBe('59 minutes ago');
  });
  it('counts hours under a day', () => {
    expect(newsRelativeTime(hoursAgo(1), now)).toBe('1 hour ago');
    expect(newsRelativeTime(hoursAgo(23), now)).toBe('23 hours ago');
  });
  it('counts days after that', () => {
    expect(newsRelativeTime(hoursAgo(24), now)).toBe('1 day ago');
    expect(newsRelativeTime(daysAgo(12), now)).toBe('12 days ago');
  });
});

describe('longDate', () => {
  it('writes a post date as the browser writes it in US English', () => {
    for (const date of ['2026-01-01', '2026-03-05', '2025-12-31', '2024-02-29', '1999-07-14']) {
      const expected = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
      expect(longDate(date)).toBe(expected);
    }
    expect(longDate('2026-03-05')).toBe('March 5, 2026');
  });
});
