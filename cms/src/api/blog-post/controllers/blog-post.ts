import { factories } from '@strapi/strapi';
import { BLOG_MAX_PAGE_SIZE, BLOG_PAGE_SIZE } from '@haic/contract';
import { cachePolicy } from '../../../edge/cache-policy';
import { notFound } from '../../../utils/api-error';
import { readWholeNumbers } from '../../../utils/query-params';
import type { PreviewService } from '../services/preview';

export default factories.createCoreController('api::blog-post.blog-post', ({ strapi }) => ({
  /** GET /api/blog: published posts, newest publishedDate first, as a plain JSON array. */
  async list(ctx) {
    const { page, pageSize } = readWholeNumbers(ctx.query, {
      page: { fallback: 1, min: 1 },
      pageSize: { fallback: BLOG_PAGE_SIZE, min: 1, max: BLOG_MAX_PAGE_SIZE },
    });
    ctx.type = 'application/json';
    ctx.body = await strapi.service('api::blog-post.blog-post').listPublishedJson(page, pageSize);
  },

  /** GET /api/blog/preview?slug=&token=: a post's latest draft for a valid preview link, else 404. */
  async preview(ctx) {
    const { slug, token } = ctx.query as Record<string, unknown>;
    const post = await (strapi.service('api::blog-post.preview') as unknown as PreviewService).findDraft(slug, token);
    // Drafts are never stored by caches or indexed, whatever the answer.
    ctx.set('Cache-Control', cachePolicy.private());
    ctx.set('X-Robots-Tag', 'noindex');
    if (!post) throw notFound();
    ctx.body = post;
  },
}));
