import { SEARCH_MAX_RESULTS } from '@haic/contract';

/** 1234567 as '1,234,567' (a loop: no pattern to backtrack, no Intl to load). */
function grouped(n: number): string {
  const digits = String(n);
  let text = '';
  for (let i = 0; i < digits.length; i++) text += (i > 0 && (digits.length - i) % 3 === 0 ? ',' : '') + digits[i];
  return text;
}

/** "12 results", "1,000+ results" (a search counts up to SEARCH_MAX_RESULTS). */
export function resultCount(total: number): string {
  if (total >= SEARCH_MAX_RESULTS) return `${grouped(SEARCH_MAX_RESULTS)}+ results`;
  return `${grouped(total)} result${total === 1 ? '' : 's'}`;
}
