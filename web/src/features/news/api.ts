import { api } from '../../lib/api';

type NewsCategory = 'health' | 'finance' | 'crypto' | string;

export interface NewsItem {
  id: string;
  title: string;
  description: string;
  url: string;
  source: string;
  category: NewsCategory;
  publishedAt: Date;
  imageUrl?: string;
  isActive?: boolean;
}

export interface NewsItemJson extends Omit<NewsItem, 'publishedAt'> {
  publishedAt: string;
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
