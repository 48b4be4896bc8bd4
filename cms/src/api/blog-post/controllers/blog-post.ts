import { factories } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import type { PreviewService } from '../services/preview';

const PAGE_SIZE_MAX = 50;
const DEFAULT_PAGE_SIZE = 10;

/** A positive whole number written plainly ("3"), or null. */
function parseWhole(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

function readPaging(query: Record<string, unknown>) {
  const details: Array<{ path: string[]; message: string }> = [];
  let page = 1;
  let pageSize = DEFAULT_PAGE_SIZE;
  if (query.page !== undefined) {
    const parsed = parseWhole(query.page);
    if (parsed === null || parsed < 1) details.push({ path: ['page'], message: 'page must be a whole number of at least 1' });
    else page = parsed;
  }
  if (query.pageSize !== undefined) {
    const parsed = parseWhole(query.pageSize);
    if (parsed === null || parsed < 1 || parsed > PAGE_SIZE_MAX) {
      details.push({ path: ['pageSize'], message: `pageSize must be a whole number from 1 to ${PAGE_SIZE_MAX}` });
    } else pageSize = parsed;
  }
  if (details.length) throw new errors.ValidationError(details.map((d) => d.message).join('; '), { errors: details });
  return { page, pageSize };
}

export default factories.createCoreController('api::blog-post.blog-post', ({ strapi }) => ({
  /** GET /api/blog: published posts, newest publishedDate first, as a plain JSON array. */
  async list(ctx) {
    const { page, pageSize } = readPaging(ctx.query as Record<string, unknown>);
    ctx.type = 'application/json';
    ctx.body = await strapi.service('api::blog-post.blog-post').listPublishedJson(page, pageSize);
  },

  /** GET /api/blog/preview?slug=&token=: a post's latest draft for a valid preview link, else 404. */
  async preview(ctx) {
    const { slug, token } = ctx.query as Record<string, unknown>;
    const post = await (strapi.service('api::blog-post.preview') as unknown as PreviewService).findDraft(slug, token);
    // Drafts are never stored by caches or indexed, whatever the answer.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Robots-Tag', 'noindex');
    if (!post) throw new errors.NotFoundError('Not Found');
    ctx.body = post;
  },
}));
