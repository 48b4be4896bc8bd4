import { useMemo, useState } from 'react';
import { newsRelativeTime } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import type { NewsItem } from './api';
import { CategoryIcon } from './icons';
import { useNews } from './useNews';
import styles from './News.module.css';

export const NEWS_FILTERS = ['all', 'health', 'finance', 'crypto'] as const;
export type NewsFilter = (typeof NEWS_FILTERS)[number];
export const NEWS_FALLBACK_NOTE = 'Using cached news data. Live updates will be available soon.';

const LABELS: Record<NewsFilter, string> = { all: 'All', health: 'Health', finance: 'Finance', crypto: 'Crypto' };

function NewsCard({ item }: { item: NewsItem }) {
  return (
    <article className={`card ${styles.card}`}>
      <div className={styles.media}>
        {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" /> : <CategoryIcon category={item.category} />}
      </div>
      <div className={styles.cardBody}>
        <span className={styles.category}>{item.category}</span>
        <h2 className={styles.title}>{item.title}</h2>
        {item.description && <p className={styles.description}>{item.description}</p>}
        <p className={styles.meta}>
          <span>{item.source}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={item.publishedAt.toISOString()}>{newsRelativeTime(item.publishedAt)}</time>
        </p>
        <a href={item.url} target="_blank" rel="noopener noreferrer" className={styles.readMore}>
          Read full article<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}

export function NewsList() {
  const { items, status, reload } = useNews();
  const [filter, setFilter] = useState<NewsFilter>('all');
  const shown = useMemo(() => (filter === 'all' ? items : items.filter((item) => item.category === filter)), [items, filter]);

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.filters} role="group" aria-label="Filter news by category">
          {NEWS_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              className={`button ${filter === name ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
            >
              {LABELS[name]}
            </button>
          ))}
        </div>
        <button type="button" className="button button-secondary" onClick={reload} disabled={status === 'loading'}>
          Refresh
        </button>
      </div>

      {status === 'loading' ? (
        <Spinner label="Loading news..." />
      ) : (
        <>
          {status === 'error' && (
            <div className={styles.fallback}>
              <Alert kind="info">{NEWS_FALLBACK_NOTE}</Alert>
              <button type="button" className="button button-primary" onClick={reload}>
                Try Again
              </button>
            </div>
          )}
          {shown.length === 0 ? (
            <p className={styles.empty}>No news in this category yet.</p>
          ) : (
            <div className="grid">
              {shown.map((item) => (
                <NewsCard key={item.id} item={item} />
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}
