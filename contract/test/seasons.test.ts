/** Weekly seasons start on Monday 00:00 UTC, whatever the local time zone, and are named by that Monday. */
import { pastSeasonKeys, seasonEnd, seasonKeyOf, seasonStart, seasonStartOf } from '../src/seasons';

describe('weekly seasons in UTC', () => {
  test('the last millisecond of Sunday belongs to the week before; Monday 00:00 starts a new season', () => {
    expect(seasonKeyOf(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-16');
    expect(seasonKeyOf(new Date('2026-11-23T00:00:00.000Z'))).toBe('2026-11-23');
    expect(seasonKeyOf(new Date('2026-11-29T23:59:59.999Z'))).toBe('2026-11-23');
  });

  test('a week across a month and a year boundary is one season', () => {
    expect(seasonKeyOf(new Date('2027-01-03T12:00:00Z'))).toBe('2026-12-28');
    expect(seasonKeyOf(new Date('2026-12-31T08:00:00Z'))).toBe('2026-12-28');
    expect(seasonStartOf(new Date('2026-03-01T00:00:00Z')).toISOString()).toBe('2026-02-23T00:00:00.000Z');
  });

  test('a season runs seven days: it ends at the next Monday 00:00 UTC', () => {
    const start = seasonStart('2026-11-16')!;
    expect(start.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(seasonEnd(start).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  test('only a real Monday names a season', () => {
    expect(seasonStart('2026-11-17')).toBeNull(); // a Tuesday
    expect(seasonStart('2026-02-30')).toBeNull();
    expect(seasonStart('2026-1-5')).toBeNull();
    expect(seasonStart('monday')).toBeNull();
  });

  test('past seasons list last week first', () => {
    expect(pastSeasonKeys(new Date('2026-11-26T14:00:00Z'), 3)).toEqual(['2026-11-16', '2026-11-09', '2026-11-02']);
    expect(pastSeasonKeys(new Date('2026-11-23T00:00:00Z'), 1)).toEqual(['2026-11-16']);
  });
});
