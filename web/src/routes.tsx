import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RedirectWebUser, RequireAdmin, RequireWebUser } from './features/auth';
import { Layout } from './features/shell';
import type { ServerData, ServerExists } from './ssr/serverData';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded when its route is first visited (or rendered by the server). */
const pages = import.meta.glob<PageModule>('./pages/*.tsx');

export interface RouteHandle {
  /** The page's source module: the server finds the chunk it ended up in (Vite's SSR manifest) and preloads it with its CSS. */
  module: string;
  /** Shown only to a signed-in visitor (a player, or the site admin under /admin); others are sent elsewhere. */
  signedIn?: boolean;
  /** A public page with fixed content, listed in /sitemap.xml. */
  sitemap: boolean;
  /** What the server reads for the page before rendering it (the browser hydrates from it). */
  serverData?: ServerData;
  /** The catch-all page: the server answers it with 404, and no path it matches is a site page. */
  notFound?: boolean;
  /** Whether what the path names exists: when it does not, the page is the route's one 404 page. */
  exists?: ServerExists;
  /**
   * The query parameters the page reads while it renders: the server renders and caches it by these
   * only (any other, `?utm_source=…`, shares the page's cached copy).
   */
  query?: readonly string[];
}

function load(name: string): () => Promise<PageModule> {
  const loader = pages[`./pages/${name}.tsx`];
  if (!loader) throw new Error(`no page module ${name}`);
  return loader;
}

type PageOptions = Partial<Omit<RouteHandle, 'module'>>;

const page = (name: string, { sitemap = true, ...options }: PageOptions = {}): Pick<RouteObject, 'lazy' | 'handle'> => ({
  lazy: async () => ({ Component: (await load(name)()).default }),
  handle: { module: `src/pages/${name}.tsx`, sitemap, ...options } satisfies RouteHandle,
});

// Server data exists in the server build only (import.meta.env.SSR is false in the browser's, which drops it).
const blogListData: ServerData | undefined = import.meta.env.SSR ? async (context) => (await import('./features/blog')).blogListData(context) : undefined;
const blogPostData: ServerData | undefined = import.meta.env.SSR ? async (context) => (await import('./features/blog')).blogPostData(context) : undefined;
const blogPostExists: ServerExists | undefined = import.meta.env.SSR ? async ({ params, content }) => content.blogPostExists(params.slug ?? '') : undefined;
const runData: ServerData | undefined = import.meta.env.SSR ? async (context) => (await import('./features/runs')).runData(context) : undefined;
const runExists: ServerExists | undefined = import.meta.env.SSR ? async ({ params, content }) => (await content.run(params.id ?? '')) !== null : undefined;
const newsData: ServerData | undefined = import.meta.env.SSR ? async (context) => (await import('./features/news')).newsData(context) : undefined;
const searchData: ServerData | undefined = import.meta.env.SSR ? async (context) => (await import('./features/search')).searchData(context) : undefined;

type Guard = ComponentType<{ children: ReactNode; title?: string }>;

/** A page behind a sign-in check; `title` heads the shell the server draws for it, `query` as in RouteHandle. */
const guarded = (Guard: Guard, name: string, title: string, query?: readonly string[]): Pick<RouteObject, 'lazy' | 'handle'> => ({
  lazy: async () => {
    const Page = (await load(name)()).default;
    return {
      Component: () => (
        <Guard title={title}>
          <Page />
        </Guard>
      ),
    };
  },
  handle: { module: `src/pages/${name}.tsx`, sitemap: false, query, signedIn: Guard !== RedirectWebUser } satisfies RouteHandle,
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...page('HomePage') },
      { path: 'blog', ...page('BlogPage', { serverData: blogListData }) },
      { path: 'blog/:slug', ...page('BlogPostPage', { sitemap: false, serverData: blogPostData, exists: blogPostExists }) },
      { path: 'games', ...page('GamesPage') },
      { path: 'games/nurse-help-me', ...page('GamePage', { query: ['race'] }) },
      { path: 'haic-token', ...page('TokenPage') },
      { path: 'nft-art', ...page('NftArtPage') },
      { path: 'leaderboard', ...page('LeaderboardPage') },
      { path: 'runs/:id', ...page('RunPage', { sitemap: false, serverData: runData, exists: runExists }) },
      { path: 'about', ...page('AboutPage') },
      { path: 'about-haic', ...page('AboutHaicPage') },
      { path: 'team', ...page('TeamPage') },
      { path: 'whitepaper', ...page('WhitepaperPage') },
      { path: 'medical-professionals', ...page('MedicalProfessionalsPage') },
      { path: 'news', ...page('NewsPage', { serverData: newsData }) },
      // Results are no page of their own for search engines: out of the sitemap, and noindex.
      { path: 'search', ...page('SearchPage', { sitemap: false, serverData: searchData, query: ['q', 'type', 'page'] }) },
      { path: 'images', ...page('ImagesPage') },
      { path: 'contact', ...page('ContactPage') },
      { path: 'disclaimer', ...page('DisclaimerPage') },
      { path: 'login', ...page('AdminLoginPage', { sitemap: false }) },
      { path: 'register', ...guarded(RedirectWebUser, 'RegisterPage', 'Sign Up') },
      { path: 'signin', ...guarded(RedirectWebUser, 'SignInPage', 'Sign In', ['registered', 'username', 'returnUrl']) },
      { path: 'profile', ...guarded(RequireWebUser, 'ProfilePage', 'My Profile', ['registered']) },
      { path: 'profile/edit', ...guarded(RequireWebUser, 'EditProfilePage', 'Edit Profile') },
      { path: 'profile/game-history', ...guarded(RequireWebUser, 'GameHistoryPage', 'Game History') },
      { path: '*', ...page('NotFoundPage', { sitemap: false, notFound: true }) },
    ],
  },
  // The admin area draws its own sidebar layout instead of the site shell.
  { path: 'admin', ...guarded(RequireAdmin, 'AdminDashboardPage', 'Admin Dashboard') },
  { path: 'admin/news', ...guarded(RequireAdmin, 'AdminNewsPage', 'News Management') },
  { path: 'admin/blog', ...guarded(RequireAdmin, 'AdminBlogPage', 'Blog Management') },
];
