import type { StrapiApp } from '@strapi/strapi/admin';
import { FetchNowButton } from './FetchNowButton';

/** News Feed list: a "Fetch now" action next to the list's own actions. */
export function bootstrapNewsFeedTools(app: StrapiApp) {
  const contentManager = app.getPlugin('content-manager') as unknown as {
    injectComponent: (view: string, zone: string, component: { name: string; Component: () => JSX.Element | null }) => void;
  };
  contentManager.injectComponent('listView', 'actions', { name: 'haic-news-feeds-fetch-now', Component: FetchNowButton });
}
