import { useRef, useState } from 'react';
import { useHydrated, useInertBeforeHydration } from '../../lib/hydration';
import { useInitialData } from '../../lib/initialData';
import { useWhenNearViewport } from '../../lib/nearViewport';
import { useNow } from '../../lib/now';
import { Alert } from '../../ui/Alert';
import { CardGridPlaceholder } from '../../ui/CardGridPlaceholder';
import { fetchBlogPage, prefetchBlogReads, renderedBlogPage } from './api';
import { BlogCard } from './BlogCard';
import { useBlogList } from './useBlogList';
import { useBlogUpdates } from './useBlogUpdates';
import { NewItemsButton } from '../../ui/NewItemsButton';
import styles from './Blog.module.css';

export const BLOG_ERROR_MESSAGE = 'Unable to load blog posts. Please try again later.';

export function BlogList() {
  const data = useInitialData();
  const hydrated = useHydrated();
  const inert = useInertBeforeHydration();
  // The first page the server rendered (and sent in the page) is used while hydrating;
  // a later visit within the app fetches it fresh.
  const [initial] = useState(() => (hydrated ? undefined : renderedBlogPage(data)));
  const { posts, status, loadingMore, canLoadMore, loadMore, show } = useBlogList(fetchBlogPage, initial);
  const updates = useBlogUpdates(status === 'loaded' ? posts : null, show);
  const showNew = () => {
    updates.showNew();
    // The reader asked for them: the list's top, where they are.
    window.scrollTo({ top: 0 });
  };
  // Load More reads through GraphQL: what that needs loads as the button comes near, not with the page.
  const loadMoreRef = useRef<HTMLDivElement>(null);
  useWhenNearViewport(loadMoreRef, prefetchBlogReads, { enabled: canLoadMore });
  const now = useNow();

  if (status === 'loading') return <CardGridPlaceholder label="Loading blog posts..." />;

  const firstWithImage = posts.find((post) => post.image);

  return (
    <>
      <NewItemsButton count={updates.count} noun={['post', 'posts']} onShow={showNew} />
      {status === 'error' && <Alert kind="error">{BLOG_ERROR_MESSAGE}</Alert>}
      {posts.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No blog posts available yet.</p>
          <p>Check back soon for updates!</p>
        </div>
      ) : (
        <div className="grid">
          {posts.map((post) => (
            // The first picture on the page is its largest paint: it loads at once, first.
            <BlogCard key={post.id} post={post} priority={post === firstWithImage} now={now} />
          ))}
        </div>
      )}
      {canLoadMore && (
        <div className={styles.loadMore} ref={loadMoreRef}>
          <button type="button" className="button button-secondary" onClick={loadMore} disabled={loadingMore} {...inert}>
            {loadingMore ? 'Loading...' : 'Load More'}
          </button>
        </div>
      )}
    </>
  );
}
