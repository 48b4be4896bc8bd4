import type { Core } from '@strapi/strapi';
import type { AdminAuthService } from '../api/admin-auth/services/admin-auth';

/**
 * The CMS panel's list columns, default order and field labels for the editors' content types. Applied
 * once per type (remembered in the core store), so that an editor's own later changes are kept.
 */
interface PanelView {
  list: string[];
  sortBy: string;
  sortOrder: 'ASC' | 'DESC';
  labels: Record<string, string>;
  hints?: Record<string, string>;
}

export const PANEL_VIEWS: Record<string, PanelView> = {
  'api::blog-post.blog-post': {
    list: ['title', 'authorName', 'publishedDate', 'slug'],
    sortBy: 'publishedDate',
    sortOrder: 'DESC',
    labels: {
      title: 'Title',
      slug: 'Slug',
      summary: 'Summary',
      body: 'Body',
      authorName: 'Author name',
      publishedDate: 'Published date',
      featuredImage: 'Featured image',
    },
    hints: {
      slug: 'The address of the post: /blog/{slug}. Use Regenerate to build it from the title.',
      summary: 'Shown on the blog list.',
    },
  },
  'api::news-item.news-item': {
    list: ['title', 'source', 'category', 'isActive', 'publishedDate'],
    sortBy: 'publishedDate',
    sortOrder: 'DESC',
    labels: {
      title: 'Title',
      description: 'Description',
      url: 'Article URL',
      source: 'Source',
      category: 'Category',
      publishedDate: 'Published date',
      imageUrl: 'Image URL',
      isActive: 'Active',
      feed: 'Feed',
    },
    hints: { isActive: 'Only active items are shown on /news.' },
  },
  'api::contact-message.contact-message': {
    list: ['name', 'email', 'subject', 'createdAt'],
    sortBy: 'createdAt',
    sortOrder: 'DESC',
    labels: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message', createdAt: 'Received' },
  },
  'api::news-feed.news-feed': {
    list: ['name', 'category', 'enabled', 'lastFetchedAt'],
    sortBy: 'name',
    sortOrder: 'ASC',
    labels: { name: 'Name', url: 'Feed URL', category: 'Category', enabled: 'Enabled', lastFetchedAt: 'Last fetched', lastError: 'Last error' },
  },
};

const APPLIED_KEY = 'list-views-applied';

async function applyListViews(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'plugin', name: 'haic_admin' });
  const applied = ((await store.get({ key: APPLIED_KEY })) as string[] | null) ?? [];
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  const done = [...applied];

  for (const [uid, view] of Object.entries(PANEL_VIEWS)) {
    const model = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as { attributes: Record<string, unknown> } | undefined;
    if (applied.includes(uid) || !model) continue;
    const current = await contentTypes.findConfiguration({ uid });
    const metadatas = { ...current.metadatas };
    for (const [field, label] of Object.entries(view.labels)) {
      const meta = metadatas[field];
      if (!meta) continue;
      metadatas[field] = {
        ...meta,
        edit: meta.edit && { ...meta.edit, label, ...(view.hints?.[field] ? { description: view.hints[field] } : {}) },
        list: meta.list && { ...meta.list, label },
      };
    }
    await contentTypes.updateConfiguration(
      { uid },
      {
        layouts: { ...current.layouts, list: view.list.filter((name) => name in model.attributes) },
        settings: { ...current.settings, defaultSortBy: view.sortBy, defaultSortOrder: view.sortOrder },
        metadatas,
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
