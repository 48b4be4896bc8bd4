import { useMemo, useState } from 'react';
import { NEWS_CATEGORIES, isImageUrl, isWebUrl } from '@haic/contract';
import { useHydrated, useInertBeforeHydration } from '../../lib/hydration';
import { useInitialData } from '../../lib/initialData';
import { useNow } from '../../lib/now';
import { newsRelativeTime } from '../../lib/format';
import { Alert } from '../../ui/Alert';
import { fetchNews, fromJson, type NewsItem, type NewsItemJson } from './api';
import { CardGridPlaceholder } from '../../ui/CardGridPlaceholder';
import { CategoryIcon } from './icons';
import { useNews } from './useNews';
import { useNewsUpdates } from './useNewsUpdates';
import { NewItemsButton } from '../../ui/NewItemsButton';
import card from '../../ui/MediaCard.module.css';
import styles from './News.module.css';

// Every category has a filter but 'other', which 'all' shows.
const NEWS_FILTERS = ['all', ...NEWS_CATEGORIES.filter((category) => category !== 'other')] as const;
type NewsFilter = (typeof NEWS_FILTERS)[number];
export const NEWS_FALLBACK_NOTE = 'Using cached news data. Live updates will be available soon.';

const LABELS: Record<NewsFilter, string> = { all: 'All', health: 'Health', finance: 'Finance', crypto: 'Crypto' };

function NewsCard({ item, priority, now }: { item: NewsItem; priority: boolean; now: Date }) {
  return (
    <article className={`card ${card.card}`}>
      <div className={`${card.media} ${styles.media}`}>
        {isImageUrl(item.imageUrl) ? (
          // Outside pictures of unknown size: the 16:9 box holds their place and crops them.
          <img src={item.imageUrl} alt="" width={800} height={450} loading={priority ? 'eager' : 'lazy'} {...(priority ? { fetchpriority: 'high' } : {})} />
        ) : (
          <CategoryIcon category={item.category} />
        )}
      </div>
      <div className={card.body}>
        <span className={styles.category}>{item.category}</span>
        <h2 className={`${card.title} ${styles.title}`}>{item.title}</h2>
        {item.description && <p className={card.text}>{item.description}</p>}
        <p className={card.meta}>
          <span>{item.source}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={item.publishedAt.toISOString()}>{newsRelativeTime(item.publishedAt, now)}</time>
        </p>
        {isWebUrl(item.url) && (
          <a href={item.url} target="_blank" rel="noopener noreferrer" className={card.link}>
            Read full article<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}

export function NewsList() {
  const { news } = useInitialData();
  const hydrated = useHydrated();
  const inert = useInertBeforeHydration();
  // The list the server rendered the page with is used while hydrating; later visits fetch it.
  const [initial] = useState(() => (!hydrated && Array.isArray(news) ? (news as NewsItemJson[]).map(fromJson) : undefined));
  const { items, status, reload, show } = useNews(fetchNews, initial);
  const updates = useNewsUpdates(status === 'loaded' ? items : null, show);
  const showNew = () => {
    updates.showNew();
    // The reader asked for them: the list's top, where they are.
    window.scrollTo({ top: 0 });
  };
  const now = useNow();
  const [filter, setFilter] = useState<NewsFilter>('all');
  const shown = useMemo(() => (filter === 'all' ? items : items.filter((item) => item.category === filter)), [items, filter]);

  return (
    <>
      <NewItemsButton count={updates.count} noun={['article', 'articles']} onShow={showNew} />
      <div className={styles.toolbar}>
        <div className={styles.filters} role="group" aria-label="Filter news by category">
          {NEWS_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              className={`button ${filter === name ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
              {...inert}
            >
              {LABELS[name]}
            </button>
          ))}
        </div>
        <button type="button" className="button button-secondary" onClick={reload} disabled={status === 'loading'} {...inert}>
          Refresh
        </button>
      </div>

      {status === 'loading' ? (
        <CardGridPlaceholder label="Loading news..." />
      ) : (
        <>
          {status === 'error' && (
            <div className={styles.fallback}>
              <Alert kind="info">{NEWS_FALLBACK_NOTE}</Alert>
              <button type="button" className="button button-primary" onClick={reload} {...inert}>
                Try Again
              </button>
            </div>
          )}
          {shown.length === 0 ? (
            <p className={styles.empty}>No news in this category yet.</p>
          ) : (
            <div className="grid">
              {shown.map((item, index) => (
                <NewsCard key={item.id} item={item} priority={index === 0} now={now} />
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}
