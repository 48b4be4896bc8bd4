import type { NewsItem } from './api';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

/** Shown with the cached-data note when the news cannot be loaded. */
export function sampleNews(): NewsItem[] {
  return [
    {
      id: 'sample-health',
      title: 'AI assistants are reaching the hospital ward',
      description: 'Documentation and hand-off tools are among the first AI features nurses use every day.',
      url: 'https://haictoken.com',
      source: 'HAIC',
      category: 'health',
      publishedAt: hoursAgo(2),
    },
    {
      id: 'sample-finance',
      title: 'Healthcare payments look to faster settlement',
      description: 'Providers explore payment rails that settle in seconds instead of days.',
      url: 'https://haictoken.com',
      source: 'HAIC',
      category: 'finance',
      publishedAt: hoursAgo(26),
    },
    {
      id: 'sample-crypto',
      title: 'HAIC runs on the XRP Ledger',
      description: 'Transactions settle in 3-5 seconds with fees under $0.01.',
      url: 'https://haictoken.com',
      source: 'HAIC',
      category: 'crypto',
      publishedAt: hoursAgo(50),
    },
  ];
}
