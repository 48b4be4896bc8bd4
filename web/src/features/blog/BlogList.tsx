import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { BlogCard } from './BlogCard';
import { useBlogList } from './useBlogList';
import styles from './Blog.module.css';

export const BLOG_ERROR_MESSAGE = 'Unable to load blog posts. Please try again later.';

export function BlogList() {
  const { posts, status, loadingMore, canLoadMore, loadMore } = useBlogList();

  if (status === 'loading') return <Spinner label="Loading blog posts..." />;

  return (
    <>
      {status === 'error' && <Alert kind="error">{BLOG_ERROR_MESSAGE}</Alert>}
      {posts.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>No blog posts available yet.</p>
          <p>Check back soon for updates!</p>
        </div>
      ) : (
        <div className="grid">
          {posts.map((post) => (
            <BlogCard key={post.id} post={post} />
          ))}
        </div>
      )}
      {canLoadMore && (
        <div className={styles.loadMore}>
          <button type="button" className="button button-secondary" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading...' : 'Load More'}
          </button>
        </div>
      )}
    </>
  );
}
