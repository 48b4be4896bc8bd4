import { SEARCH_PAGE_SIZE, type SearchResponse } from '@haic/contract';
import { api } from '../../lib/api';
import type { SearchAddress } from './address';

/** GET /api/search: one page of results. */
export function fetchSearch(
  { q, type, page }: SearchAddress,
  { pageSize = SEARCH_PAGE_SIZE, signal }: { pageSize?: number; signal?: AbortSignal } = {},
): Promise<SearchResponse> {
  const query = new URLSearchParams({ q, type, page: String(page), pageSize: String(pageSize) });
  return api.get<SearchResponse>(`api/search?${query}`, signal);
}
