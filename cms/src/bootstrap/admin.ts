import type { Core } from '@strapi/strapi';
import type { AdminAuthService } from '../api/admin-auth/services/admin-auth';

/**
 * The CMS panel's list columns and default order for the editors' content types. Applied once per
 * type (remembered in the core store), so that an editor's own later changes to a list view are kept.
 */
export const LIST_VIEWS: Record<string, { list: string[]; sortBy: string; sortOrder: 'ASC' | 'DESC' }> = {
  'api::blog-post.blog-post': { list: ['title', 'authorName', 'publishedDate', 'slug'], sortBy: 'publishedDate', sortOrder: 'DESC' },
  'api::news-item.news-item': { list: ['title', 'source', 'category', 'isActive', 'publishedDate'], sortBy: 'publishedDate', sortOrder: 'DESC' },
  'api::contact-message.contact-message': { list: ['name', 'email', 'subject', 'createdAt'], sortBy: 'createdAt', sortOrder: 'DESC' },
  'api::news-feed.news-feed': { list: ['name', 'category', 'enabled', 'lastFetchedAt'], sortBy: 'name', sortOrder: 'ASC' },
};

const APPLIED_KEY = 'list-views-applied';

async function applyListViews(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'plugin', name: 'haic_admin' });
  const applied = ((await store.get({ key: APPLIED_KEY })) as string[] | null) ?? [];
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  const done = [...applied];

  for (const [uid, view] of Object.entries(LIST_VIEWS)) {
    const model = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as { attributes: Record<string, unknown> } | undefined;
    if (applied.includes(uid) || !model) continue;
    const list = view.list.filter((name) => name in model.attributes || name === 'createdAt');
    const current = await contentTypes.findConfiguration({ uid });
    await contentTypes.updateConfiguration(
      { uid },
      {
        layouts: { ...current.layouts, list },
        settings: { ...current.settings, defaultSortBy: view.sortBy, defaultSortOrder: view.sortOrder },
      },
    );
    done.push(uid);
  }
  if (done.length !== applied.length) await store.set({ key: APPLIED_KEY, value: done });
}

/** Start-up work for the admin area (idempotent: runs on every boot). */
export default async function bootstrapAdmin(strapi: Core.Strapi): Promise<void> {
  await (strapi.service('api::admin-auth.admin-auth') as unknown as AdminAuthService).ensureAdminRole();
  await applyListViews(strapi);
}
