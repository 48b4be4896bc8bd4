import { pageWindow } from './pagination';

/** The expected window written out independently: two before the current page, shifted into range. */
function expected(current: number, total: number): number[] {
  const count = Math.min(5, total);
  let first = current - 2;
  if (first + count - 1 > total) first = total - count + 1;
  if (first < 1) first = 1;
  return Array.from({ length: count }, (_, i) => first + i);
}

describe('pageWindow', () => {
  const cases: [number, number][] = [];
  for (let total = 1; total <= 12; total++) for (let current = 1; current <= total; current++) cases.push([current, total]);

  it.each(cases)('page %i of %i', (current, total) => {
    const window = pageWindow(current, total);
    expect(window).toEqual(expected(current, total));
    expect(window).toContain(current);
    expect(window.length).toBe(Math.min(5, total));
    expect(window[0]).toBeGreaterThanOrEqual(1);
    expect(window[window.length - 1]).toBeLessThanOrEqual(total);
  });

  it('centres the window for 9 pages as the profile shows them', () => {
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(8, 9)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });

  it('shows nothing without pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
  });
});
