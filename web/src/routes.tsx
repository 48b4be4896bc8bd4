import type { ComponentType, ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RedirectWebUser, RequireAdmin, RequireWebUser } from './features/auth';
import { Layout } from './features/shell';

type PageModule = { default: ComponentType };

/** Each page is its own chunk, loaded when its route is first visited. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const guarded = (Guard: ComponentType<{ children: ReactNode }>, load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const Page = (await load()).default;
    return {
      Component: () => (
        <Guard>
          <Page />
        </Guard>
      ),
    };
  },
});

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, ...page(() => import('./pages/HomePage')) },
      { path: 'blog', ...page(() => import('./pages/BlogPage')) },
      { path: 'blog/:slug', ...page(() => import('./pages/BlogPostPage')) },
      { path: 'games', ...page(() => import('./pages/GamesPage')) },
      { path: 'games/nurse-help-me', ...page(() => import('./pages/GamePage')) },
      { path: 'haic-token', ...page(() => import('./pages/TokenPage')) },
      { path: 'nft-art', ...page(() => import('./pages/NftArtPage')) },
      { path: 'leaderboard', ...page(() => import('./pages/LeaderboardPage')) },
      { path: 'about', ...page(() => import('./pages/AboutPage')) },
      { path: 'about-haic', ...page(() => import('./pages/AboutHaicPage')) },
      { path: 'team', ...page(() => import('./pages/TeamPage')) },
      { path: 'whitepaper', ...page(() => import('./pages/WhitepaperPage')) },
      { path: 'medical-professionals', ...page(() => import('./pages/MedicalProfessionalsPage')) },
      { path: 'news', ...page(() => import('./pages/NewsPage')) },
      { path: 'images', ...page(() => import('./pages/ImagesPage')) },
      { path: 'contact', ...page(() => import('./pages/ContactPage')) },
      { path: 'disclaimer', ...page(() => import('./pages/DisclaimerPage')) },
      { path: 'login', ...page(() => import('./pages/AdminLoginPage')) },
      { path: 'register', ...guarded(RedirectWebUser, () => import('./pages/RegisterPage')) },
      { path: 'signin', ...guarded(RedirectWebUser, () => import('./pages/SignInPage')) },
      { path: 'profile', ...guarded(RequireWebUser, () => import('./pages/ProfilePage')) },
      { path: 'profile/edit', ...guarded(RequireWebUser, () => import('./pages/EditProfilePage')) },
      { path: 'profile/game-history', ...guarded(RequireWebUser, () => import('./pages/GameHistoryPage')) },
      { path: '*', ...page(() => import('./pages/NotFoundPage')) },
    ],
  },
  // The admin area draws its own sidebar layout instead of the site shell.
  { path: 'admin', ...guarded(RequireAdmin, () => import('./pages/AdminDashboardPage')) },
  { path: 'admin/news', ...guarded(RequireAdmin, () => import('./pages/AdminNewsPage')) },
  { path: 'admin/blog', ...guarded(RequireAdmin, () => import('./pages/AdminBlogPage')) },
];
