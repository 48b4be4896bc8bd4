/** A /search address: what it asks for (read forgivingly: the page shows the default for anything malformed), and how to write one. */
import { SEARCH_MAX_PAGE, isSearchType, type SearchType } from '@haic/contract';

export interface SearchAddress {
  q: string;
  type: SearchType;
  page: number;
}

export function readSearchAddress(query: URLSearchParams): SearchAddress {
  const type = query.get('type');
  const pageText = query.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  return {
    q: (query.get('q') ?? '').trim(),
    type: isSearchType(type) ? type : 'all',
    page: page >= 1 && page <= SEARCH_MAX_PAGE ? page : 1,
  };
}

export function searchPath({ q, type = 'all', page = 1 }: Partial<SearchAddress>): string {
  const query = new URLSearchParams({ q: q ?? '' });
  if (type !== 'all') query.set('type', type);
  if (page > 1) query.set('page', String(page));
  return `/search?${query}`;
}

/** One key per search: the page's embedded answer is used only by the search it was made for. */
export const searchKey = ({ q, type, page }: SearchAddress) => JSON.stringify([q, type, page]);
