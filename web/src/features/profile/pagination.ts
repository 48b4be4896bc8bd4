const PAGE_WINDOW = 5;

/**
 * The page numbers shown: up to `size` consecutive numbers centred on the current
 * page (two before it), shifted to stay within 1..totalPages.
 */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages < 1) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  const end = Math.min(totalPages, start + size - 1);
  start = Math.max(1, end - size + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}
