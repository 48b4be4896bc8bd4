/**
 * Weekly seasons, in UTC: a season starts on Monday 00:00:00.000 UTC and ends the next Monday at the same
 * moment (exclusive). A season is named by the date of its Monday, 'YYYY-MM-DD' (the key the board's
 * weekly rows are filed under). The leaderboard's "This Week" is the current season; "Last week" and
 * older seasons are final standings once their Monday has passed.
 */
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** A season key: the date of its Monday. */
export const SEASON_KEY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Monday 00:00 UTC of the week holding `at`. */
export function seasonStartOf(at: Date): Date {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  return start;
}

/** The key of the season holding `at`. */
export const seasonKeyOf = (at: Date): string => seasonStartOf(at).toISOString().slice(0, 10);

/** The start of a season by its key, or null when the key is not a real date that is a Monday. */
export function seasonStart(key: string): Date | null {
  if (!SEASON_KEY_PATTERN.test(key)) return null;
  const start = new Date(`${key}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== key || start.getUTCDay() !== 1) return null;
  return start;
}

/** When a season ends (the next Monday 00:00 UTC, exclusive). */
export const seasonEnd = (start: Date): Date => new Date(start.getTime() + WEEK_MS);

/** The `count` seasons before the one holding `now`, newest first ("Last week" first). */
export function pastSeasonKeys(now: Date, count: number): string[] {
  const current = seasonStartOf(now).getTime();
  return Array.from({ length: count }, (_, i) => new Date(current - (i + 1) * WEEK_MS).toISOString().slice(0, 10));
}
