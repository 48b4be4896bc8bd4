import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { usePageTitle } from '../../lib/title';
import { fetchBlogPost, fetchBlogPostPreview, type BlogPostDetail } from './api';
import { PreviewBanner, useNoIndex, usePanelUpdates } from './preview';
import styles from './Blog.module.css';

// The renderer is only needed on a post page: keep it out of the list page's chunks.
const BlocksRenderer = lazy(() => import('@strapi/blocks-react-renderer').then((m) => ({ default: m.BlocksRenderer })));

type State =
  | { status: 'loading' }
  | { status: 'found'; post: BlogPostDetail; preview: null | { publishAt: string | null } }
  | { status: 'missing' }
  | { status: 'error' };

/**
 * A post by slug. With a preview token that is valid for this post, its latest draft instead;
 * a token that is not (expired, forged, another post's) changes nothing: the page is what anyone sees.
 */
async function loadPost(slug: string, previewToken: string | null): Promise<State> {
  if (previewToken) {
    const draft = await fetchBlogPostPreview(slug, previewToken);
    if (draft) return { status: 'found', post: draft, preview: { publishAt: draft.publishAt } };
  }
  const post = await fetchBlogPost(slug);
  return post ? { status: 'found', post, preview: null } : { status: 'missing' };
}

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

export function BlogPostView({ slug, previewToken = null }: { slug: string; previewToken?: string | null }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    let alive = true;
    if (revision === 0) setState({ status: 'loading' });
    loadPost(slug, previewToken)
      .then((next) => alive && setState(next))
      .catch(() => alive && setState({ status: 'error' }));
    return () => {
      alive = false;
    };
  }, [slug, previewToken, revision]);

  const inPreview = state.status === 'found' && state.preview !== null;
  useNoIndex(inPreview);
  usePanelUpdates(inPreview, useCallback(() => setRevision((n) => n + 1), []));

  const title = state.status === 'found' ? state.post.title : state.status === 'missing' ? 'Post Not Found' : 'Blog';
  usePageTitle(title);

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
      {state.preview && <PreviewBanner publishAt={state.preview.publishAt} />}
      <article className={styles.post}>
        <header className={styles.postHeader}>
          <h1>{post.title}</h1>
          <p className={styles.meta}>
            <span>By {post.authorName}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={post.publishedDate}>{formatDate(post.publishedDate)}</time>
          </p>
        </header>
        {post.featuredImageUrl && <img className={styles.featured} src={post.featuredImageUrl} alt={post.featuredImageAlt ?? ''} width={800} height={450} />}
        <div className={styles.body}>
          <Suspense fallback={<Spinner label="Loading post..." />}>
            <BlocksRenderer content={post.body} blocks={BLOCKS} />
          </Suspense>
        </div>
      </article>
      <BackLink />
    </div>
  );
}
