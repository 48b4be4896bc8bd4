import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BlocksRenderer } from '@strapi/blocks-react-renderer';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { useApolloClient } from '../../lib/apollo';
import { usePageHead, type PageHead } from '../../lib/head';
import { useHydrated } from '../../lib/hydration';
import { fetchBlogPost, readCachedBlogPost, type BlogPostDetail } from './api';
import { BlogImage } from './BlogImage';
import styles from './Blog.module.css';

type State = { status: 'loading' } | { status: 'found'; post: BlogPostDetail } | { status: 'missing' } | { status: 'error' };

/** The hero spans the 760 px article column. */
const HERO_SIZES = '(min-width: 800px) 760px, calc(100vw - 2rem)';

/** Only web links and site-relative links are followed from post bodies. */
const safeHref = (url: string) => (/^(https?:|mailto:|\/(?!\/)|#)/i.test(url.trim()) ? url : undefined);

/** Links in a post body: safe targets only, outside links in a new tab. */
const BLOCKS = {
  link: ({ children, url }: { children?: ReactNode; url: string }) => {
    const href = safeHref(url);
    if (!href) return <>{children}</>;
    const external = /^https?:/i.test(href);
    return (
      <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </a>
    );
  },
};

const formatDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function BackLink() {
  return (
    <Link to="/blog" className={styles.back}>
      ← Back to blog
    </Link>
  );
}

export function BlogPostView({ slug }: { slug: string }) {
  const client = useApolloClient();
  const hydrated = useHydrated();
  // The post the server rendered comes in the Apollo cache; a later visit within the app fetches it.
  const [state, setState] = useState<State>(() => {
    const cached = hydrated ? undefined : readCachedBlogPost(client, slug);
    if (cached === undefined) return { status: 'loading' };
    return cached ? { status: 'found', post: cached } : { status: 'missing' };
  });

  useEffect(() => {
    if (state.status !== 'loading') return;
    let alive = true;
    fetchBlogPost(client, slug)
      .then((post) => alive && setState(post ? { status: 'found', post } : { status: 'missing' }))
      .catch(() => alive && setState({ status: 'error' }));
    return () => {
      alive = false;
    };
    // Fetch once per mounted slug (the page remounts the view when the slug changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, slug]);

  usePageHead(headFor(state));

  if (state.status === 'loading') {
    return (
      <div className="container page">
        <Spinner label="Loading post..." />
      </div>
    );
  }

  if (state.status === 'missing' || state.status === 'error') {
    return (
      <div className="container page">
        <BackLink />
        <header className="page-header">
          <h1>{state.status === 'missing' ? 'Post not found' : 'Blog post'}</h1>
        </header>
        {state.status === 'missing' ? (
          <p>The post you are looking for does not exist or is no longer published.</p>
        ) : (
          <Alert kind="error">Unable to load this post. Please try again later.</Alert>
        )}
      </div>
    );
  }

  const { post } = state;
  return (
    <div className="container page">
      <BackLink />
      <article className={styles.post}>
        <header className={styles.postHeader}>
          <h1>{post.title}</h1>
          <p className={styles.meta}>
            <span>By {post.authorName}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={post.publishedDate}>{formatDate(post.publishedDate)}</time>
          </p>
        </header>
        {post.image && <BlogImage className={styles.featured} image={post.image} sizes={HERO_SIZES} priority />}
        <div className={styles.body}>
          <BlocksRenderer content={post.body} blocks={BLOCKS} />
        </div>
      </article>
      <BackLink />
    </div>
  );
}

function headFor(state: State): PageHead {
  if (state.status === 'found') {
    const { post } = state;
    return {
      title: post.title,
      description: post.summary,
      type: 'article',
      publishedTime: post.publishedDate,
      author: post.authorName,
      image: post.image && { url: post.image.src, width: post.image.width, height: post.image.height, alt: post.image.alt },
    };
  }
  if (state.status === 'missing') return { title: 'Post Not Found', noindex: true };
  return { title: 'Blog' };
}
