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
  /** Raise to apply a changed view once more over what is stored (unset counts as 1). */
  version?: number;
  /** Fields the panel shows but only the server writes. */
  readOnly?: string[];
}

const PANEL_VIEWS: Record<string, PanelView> = {
  'api::blog-post.blog-post': {
    // The panel adds the Status column (and the Status filter) itself for draft-and-publish types.
    list: ['title', 'authorName', 'publishedDate', 'publishAt'],
    version: 2,
    sortBy: 'publishedDate',
    sortOrder: 'DESC',
    labels: {
      title: 'Title',
      slug: 'Slug',
      summary: 'Summary',
      body: 'Body',
      authorName: 'Author name',
      publishedDate: 'Published date',
      publishAt: 'Publish at',
      featuredImage: 'Featured image',
    },
    hints: {
      slug: 'The address of the post: /blog/{slug}. Fills from the title as you type until you edit it or the post is published.',
      summary: 'Shown on the blog list.',
      publishedDate: 'The date shown on the post. A post dated in the future stays off the site until that day.',
      publishAt: 'Save a draft with a time here and it is published at that minute. Leave empty to publish by hand.',
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
    list: ['name', 'email', 'subject', 'createdAt', 'read'],
    sortBy: 'createdAt',
    sortOrder: 'DESC',
    labels: { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message', createdAt: 'Received', read: 'Read' },
    hints: { read: 'Switch on once the message has been dealt with; the panel home counts the unread ones.' },
    version: 2,
  },
  'api::news-feed.news-feed': {
    // Version 3 brings the category column to databases that got version 2's list without it.
    list: ['name', 'category', 'enabled', 'lastFetchedAt', 'itemsSeen', 'itemsStored', 'lastError'],
    version: 3,
    sortBy: 'name',
    sortOrder: 'ASC',
    labels: {
      name: 'Name',
      url: 'Feed URL',
      category: 'Category',
      enabled: 'Enabled',
      lastFetchedAt: 'Last fetched',
      itemsSeen: 'Items seen',
      itemsStored: 'New items stored',
      lastError: 'Last error',
    },
    hints: {
      itemsSeen: 'Entries the feed held at the last fetch.',
      itemsStored: 'Items the last fetch added to /news (known articles are not stored twice).',
      lastError: "Empty when the last fetch went well; 'no items' and skipped items are reported here too.",
    },
    readOnly: ['lastFetchedAt', 'itemsSeen', 'itemsStored', 'lastError'],
  },
};

const APPLIED_KEY = 'list-views-applied';

async function applyListViews(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'plugin', name: 'haic_admin' });
  const applied = ((await store.get({ key: APPLIED_KEY })) as string[] | null) ?? [];
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  const done = [...applied];
  const mark = (uid: string, view: PanelView) => (view.version && view.version > 1 ? `${uid}@${view.version}` : uid);

  for (const [uid, view] of Object.entries(PANEL_VIEWS)) {
    const model = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as { attributes: Record<string, unknown> } | undefined;
    if (applied.includes(mark(uid, view)) || !model) continue;
    const current = await contentTypes.findConfiguration({ uid });
    const metadatas = { ...current.metadatas };
    for (const [field, label] of Object.entries(view.labels)) {
      const meta = metadatas[field];
      if (!meta) continue;
      metadatas[field] = {
        ...meta,
        edit: meta.edit && {
          ...meta.edit,
          label,
          ...(view.hints?.[field] ? { description: view.hints[field] } : {}),
          ...(view.readOnly?.includes(field) ? { editable: false } : {}),
        },
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
    done.push(mark(uid, view));
  }
  if (done.length !== applied.length) await store.set({ key: APPLIED_KEY, value: done });
}

/** Start-up work for the admin area (idempotent: runs on every boot). */
export default async function bootstrapAdmin(strapi: Core.Strapi): Promise<void> {
  await (strapi.service('api::admin-auth.admin-auth') as unknown as AdminAuthService).ensureAdminRole();
  await applyListViews(strapi);
}
