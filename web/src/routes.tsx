import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RedirectWebUser, RequireAdmin, RequireWebUser } from './features/auth';
import { Layout } from './features/shell';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded when its route is first visited (or rendered by the server). */
const pages = import.meta.glob<PageModule>('./pages/*.tsx');

export interface RouteHandle {
  /** The page's source module (the key of Vite's manifest): the server preloads its chunk and CSS. */
  module: string;
  /** A public page with fixed content, listed in /sitemap.xml. */
  sitemap: boolean;
}

function load(name: string): () => Promise<PageModule> {
  const loader = pages[`./pages/${name}.tsx`];
  if (!loader) throw new Error(`no page module ${name}`);
  return loader;
}

const page = (name: string, { sitemap = true } = {}): Pick<RouteObject, 'lazy' | 'handle'> => ({
  lazy: async () => ({ Component: (await load(name)()).default }),
  handle: { module: `src/pages/${name}.tsx`, sitemap } satisfies RouteHandle,
});

type Guard = ComponentType<{ children: ReactNode; title?: string }>;

/** A page behind a sign-in check; `title` heads the shell the server draws for it. */
const guarded = (Guard: Guard, name: string, title: string): Pick<RouteObject, 'lazy' | 'handle'> => ({
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
  handle: { module: `src/pages/${name}.tsx`, sitemap: false } satisfies RouteHandle,
});

/** The id of the catch-all route: the server answers 404 when it is the one that matched. */
export const NOT_FOUND_ROUTE_ID = 'not-found';

export const routes: RouteObject[] = [
  {
    id: 'site',
    element: <Layout />,
    children: [
      { id: 'home', index: true, ...page('HomePage') },
      { id: 'blog', path: 'blog', ...page('BlogPage') },
      { id: 'blog-post', path: 'blog/:slug', ...page('BlogPostPage', { sitemap: false }) },
      { path: 'games', ...page('GamesPage') },
      { path: 'games/nurse-help-me', ...page('GamePage') },
      { path: 'haic-token', ...page('TokenPage') },
      { path: 'nft-art', ...page('NftArtPage') },
      { path: 'leaderboard', ...page('LeaderboardPage') },
      { path: 'about', ...page('AboutPage') },
      { path: 'about-haic', ...page('AboutHaicPage') },
      { path: 'team', ...page('TeamPage') },
      { path: 'whitepaper', ...page('WhitepaperPage') },
      { path: 'medical-professionals', ...page('MedicalProfessionalsPage') },
      { id: 'news', path: 'news', ...page('NewsPage') },
      { path: 'images', ...page('ImagesPage') },
      { path: 'contact', ...page('ContactPage') },
      { path: 'disclaimer', ...page('DisclaimerPage') },
      { path: 'login', ...page('AdminLoginPage', { sitemap: false }) },
      { path: 'register', ...guarded(RedirectWebUser, 'RegisterPage', 'Sign Up') },
      { path: 'signin', ...guarded(RedirectWebUser, 'SignInPage', 'Sign In') },
      { path: 'profile', ...guarded(RequireWebUser, 'ProfilePage', 'My Profile') },
      { path: 'profile/edit', ...guarded(RequireWebUser, 'EditProfilePage', 'Edit Profile') },
      { path: 'profile/game-history', ...guarded(RequireWebUser, 'GameHistoryPage', 'Game History') },
      { id: NOT_FOUND_ROUTE_ID, path: '*', ...page('NotFoundPage', { sitemap: false }) },
    ],
  },
  // The admin area draws its own sidebar layout instead of the site shell.
  { path: 'admin', ...guarded(RequireAdmin, 'AdminDashboardPage', 'Admin Dashboard') },
  { path: 'admin/news', ...guarded(RequireAdmin, 'AdminNewsPage', 'News Management') },
  { path: 'admin/blog', ...guarded(RequireAdmin, 'AdminBlogPage', 'Blog Management') },
];
