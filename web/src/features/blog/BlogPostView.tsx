import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BlocksRenderer } from '@strapi/blocks-react-renderer';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { longDate } from '../../lib/format';
import { usePageHead, type PageHead } from '../../lib/head';
import { useHydrated } from '../../lib/hydration';
import { useInitialData } from '../../lib/initialData';
import { fetchBlogPost, fetchBlogPostPreview, renderedBlogPost, type BlogPostDetail } from './api';
import { PreviewBanner, useNoIndex, usePanelUpdates } from './preview';
import { BlogImage } from './BlogImage';
import styles from './Blog.module.css';

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

function BackLink() {
  return (
    <Link to="/blog" className={styles.back}>
      ← Back to blog
    </Link>
  );
}

export function BlogPostView({ slug, previewToken = null }: { slug: string; previewToken?: string | null }) {
  const hydrated = useHydrated();
  const data = useInitialData();
  // The post the server rendered comes in the page (a draft through a preview link, with its
  // banner); a later visit within the app fetches it.
  const [state, setState] = useState<State>(() => {
    const rendered = hydrated ? undefined : renderedBlogPost(data, slug);
    // The server's one page for every missing post was rendered for another slug: it says missing all the same.
    if (rendered === undefined) return !hydrated && data.notFound ? { status: 'missing' } : { status: 'loading' };
    if (!rendered) return { status: 'missing' };
    return { status: 'found', post: rendered, preview: previewToken && data.preview ? data.preview : null };
  });
  // Bumped when the CMS panel's preview pane says the draft was saved again.
  const [revision, setRevision] = useState(0);

  useEffect(() => {
    // A preview link always asks for the draft (the banner needs the answer); other visits fetch once.
    if (state.status !== 'loading' && !previewToken) return;
    let alive = true;
    loadPost(slug, previewToken)
      .then((next) => alive && setState(next))
      .catch(() => alive && setState({ status: 'error' }));
    return () => {
      alive = false;
    };
    // Once per mounted slug and token (the page remounts the view when the slug changes).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slug, previewToken, revision]);

  const inPreview = state.status === 'found' && state.preview !== null;
  usePageHead(headFor(state));
  useNoIndex(inPreview);
  usePanelUpdates(
    inPreview,
    useCallback(() => setRevision((n) => n + 1), []),
  );

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
            <time dateTime={post.publishedDate}>{longDate(post.publishedDate)}</time>
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
      // A draft shown through a preview link is never indexed.
      ...(state.preview ? { noindex: true } : {}),
      image: post.image && { url: post.image.src, width: post.image.width, height: post.image.height, alt: post.image.alt },
    };
  }
  if (state.status === 'missing') return { title: 'Post Not Found', noindex: true };
  return { title: 'Blog' };
}
