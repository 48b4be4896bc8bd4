/** 'Member since' text: month and year of createdDate, e.g. 'March 2026'. */
export function memberSince(createdDate: string | undefined): string {
  const date = createdDate ? new Date(createdDate) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** US short date with time, e.g. '3/14/2026, 2:05 PM' (local time). */
export function formatPlayedDate(playedDate: string): string {
  const date = new Date(playedDate);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

export { formatDuration } from '../../lib/format';

/** Countdown as mm:ss: 600 -> '10:00', 65 -> '01:05'. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export const formatBonus = (bonus: number) => `+${bonus}`;
