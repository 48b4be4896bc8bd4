import { SEARCH_MAX_RESULTS } from '@haic/contract';

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/** "12 results", "1,000+ results" (a search counts up to SEARCH_MAX_RESULTS). */
export function resultCount(total: number): string {
  if (total >= SEARCH_MAX_RESULTS) return `${grouped(SEARCH_MAX_RESULTS)}+ results`;
  return `${grouped(total)} result${total === 1 ? '' : 's'}`;
}
