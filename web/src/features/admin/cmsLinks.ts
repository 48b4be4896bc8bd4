import { API_BASE } from '../../lib/env';

// Screens the admin area names but does not draw (/admin/users, /admin/news/new, /admin/blog/new,
// /admin/users/new) open the matching screen of the CMS panel instead, in a new tab.
const panel = `${API_BASE}/cms`;
const collection = (uid: string) => `${panel}/content-manager/collection-types/${uid}`;

export const CMS_LINKS = {
  panel,
  newsList: collection('api::news-item.news-item'),
  newsCreate: `${collection('api::news-item.news-item')}/create`,
  blogList: collection('api::blog-post.blog-post'),
  blogCreate: `${collection('api::blog-post.blog-post')}/create`,
  users: collection('plugin::users-permissions.user'),
  usersCreate: `${collection('plugin::users-permissions.user')}/create`,
} as const;
