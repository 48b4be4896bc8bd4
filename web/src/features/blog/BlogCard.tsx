import { useId } from 'react';
import { Link } from 'react-router-dom';
import { blogRelativeTime } from '../../lib/format';
import type { BlogPost } from './api';
import { DocumentIcon } from './icons';
import styles from './Blog.module.css';

export function BlogCard({ post }: { post: BlogPost }) {
  const headingId = useId();
  return (
    <article className={`card ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.media}>
        {post.featuredImageUrl ? (
          <img src={post.featuredImageUrl} alt="" loading="lazy" width={800} height={450} />
        ) : (
          <div className={styles.placeholder} data-testid="blog-placeholder">
            <DocumentIcon />
          </div>
        )}
      </div>
      <div className={styles.cardBody}>
        <h2 id={headingId} className={styles.cardTitle}>
          {post.title}
        </h2>
        <p className={styles.summary}>{post.summary}</p>
        <p className={styles.meta}>
          <span>By {post.authorName}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishedDate}>{blogRelativeTime(post.publishedDate)}</time>
        </p>
        <Link to={`/blog/${post.slug}`} className={styles.readMore} aria-describedby={headingId}>
          Read more
        </Link>
      </div>
    </article>
  );
}
