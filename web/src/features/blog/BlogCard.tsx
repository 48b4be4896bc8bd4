import { Link } from 'react-router-dom';
import { blogRelativeTime } from '../../lib/format';
import type { BlogPost } from './api';
import { BlogImage } from './BlogImage';
import { DocumentIcon } from './icons';
import card from '../../ui/MediaCard.module.css';
import styles from './Blog.module.css';

/** Cards sit in a grid of columns at least 280 px wide inside a 1160 px container. */
const CARD_IMAGE_SIZES = '(min-width: 1200px) 370px, (min-width: 640px) 50vw, 100vw';

interface Props {
  post: BlogPost;
  /** The first card: its picture is the page's largest paint. */
  priority?: boolean;
  /** The time relative dates count from. */
  now: Date;
}

export function BlogCard({ post, priority = false, now }: Props) {
  return (
    <article className={`card ${card.card}`}>
      <div className={`${card.media} ${styles.media}`}>
        {post.image ? (
          <BlogImage image={{ ...post.image, alt: '' }} sizes={CARD_IMAGE_SIZES} priority={priority} />
        ) : (
          <div className={styles.placeholder} data-testid="blog-placeholder">
            <DocumentIcon />
          </div>
        )}
      </div>
      <div className={card.body}>
        <h2 className={`${card.title} ${styles.cardTitle}`}>{post.title}</h2>
        <p className={card.text}>{post.summary}</p>
        <p className={card.meta}>
          <span>By {post.authorName}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishedDate}>{blogRelativeTime(post.publishedDate, now)}</time>
        </p>
        <Link to={`/blog/${post.slug}`} className={`${card.link} ${styles.readMore}`}>
          Read more<span className="visually-hidden">{` about ${post.title}`}</span>
        </Link>
      </div>
    </article>
  );
}
