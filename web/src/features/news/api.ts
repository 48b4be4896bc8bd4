import type { NewsListItem } from '@haic/contract';
import { api } from '../../lib/api';

/** A news item as the API answers it (the contract's wire type). */
export type NewsItemJson = NewsListItem;

/** A news item as the site shows it: its publication time read into a Date. */
export interface NewsItem extends Omit<NewsListItem, 'publishedAt' | 'isActive'> {
  publishedAt: Date;
  isActive?: boolean;
}

/**
 * GET api/news/aggregate, publishedAt converted to a date. `version`: a live event's, after which the read is
 * made (`?v=`, which the server ignores: no cache answers with a copy from before it).
 */
export async function fetchNews(signal?: AbortSignal, version?: number): Promise<NewsItem[]> {
  const items = await api.get<NewsItemJson[]>(`api/news/aggregate${version === undefined ? '' : `?v=${version}`}`, signal);
  if (!Array.isArray(items)) throw new Error('Unexpected news response');
  return items.map(fromJson);
}

export const fromJson = (item: NewsItemJson): NewsItem => ({ ...item, publishedAt: new Date(item.publishedAt) });
