/**
 * The documents the site generates from its content: /robots.txt, the sitemap index and its files,
 * and the blog's RSS feed, each cached per origin until the content changes.
 */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { blogPostService } from '../api/blog-post/services/blog-post';
import { cachePolicy, inMs, LIFETIMES } from '../edge/cache-policy';
import { siteOrigin } from '../utils/public-url';
import { createVersionedCache } from '../utils/versioned-cache';
import {
  robotsTxt,
  ROBOTS_PATH,
  RSS_ITEMS,
  RSS_PATH,
  rssXml,
  SITEMAP_PAGES_PATH,
  SITEMAP_PATH,
  sitemapIndexXml,
  sitemapPagesXml,
  sitemapPostsFile,
  sitemapPostsXml,
  sitemapUrlsPerFile,
} from './feeds';
import type { SiteBuild } from './renderer';

/** Answers ctx when its path is one of the documents and it has content (true), else leaves it alone (false). */
export function createDocumentServer(strapi: Core.Strapi, site: SiteBuild | null) {
  const blog = () => blogPostService(strapi);
  const documents = createVersionedCache<string>({ name: 'site-documents', maxEntries: 20, maxAgeMs: inMs(LIFETIMES.content) });

  const counts = createVersionedCache<number>({ name: 'sitemap-count', maxEntries: 1, maxAgeMs: inMs(LIFETIMES.content) });
  /** How many posts files the sitemap has (its index lists them), read once per content version. */
  const postsFileCount = () => counts.get('files', async () => Math.ceil((await blog().countVisible()) / sitemapUrlsPerFile()));

  const XML = 'application/xml; charset=utf-8';
  /** A generated document, cached per origin until the content changes; an empty one is not there (404). */
  const send = async (ctx: Context, type: string, key: string, make: (origin: string) => Promise<string>): Promise<boolean> => {
    const origin = siteOrigin();
    const body = await documents.get(`${key} ${origin}`, () => make(origin));
    if (!body) return false;
    ctx.status = 200;
    ctx.type = type;
    // The public reads' shareable profile replaces this (middlewares/http-cache.ts) unless the request has a token.
    ctx.set('Cache-Control', cachePolicy.browsers(LIFETIMES.document));
    ctx.body = body;
    return true;
  };

  return async (ctx: Context): Promise<boolean> => {
    if (ctx.path === ROBOTS_PATH) return send(ctx, 'text/plain; charset=utf-8', 'robots', async (origin) => robotsTxt(origin));
    if (ctx.path === SITEMAP_PATH) return send(ctx, XML, 'sitemap', async (origin) => sitemapIndexXml(origin, await postsFileCount()));
    if (ctx.path === SITEMAP_PAGES_PATH) {
      return send(ctx, XML, 'sitemap-pages', async (origin) =>
        sitemapPagesXml(origin, site?.renderer?.sitemapPaths() ?? ['/'], await blog().newestEdit(), site?.builtAt ?? new Date()),
      );
    }
    const postsFile = sitemapPostsFile(ctx.path);
    // A file number past the last is not there: no document is made or kept for it.
    if (postsFile !== null && postsFile <= (await postsFileCount())) {
      return send(ctx, XML, `sitemap-posts-${postsFile}`, async (origin) => {
        const perFile = sitemapUrlsPerFile();
        const posts = await blog().listSitemapPosts((postsFile - 1) * perFile, perFile);
        return posts.length ? sitemapPostsXml(origin, posts) : '';
      });
    }
    if (ctx.path === RSS_PATH) {
      return send(ctx, 'application/rss+xml; charset=utf-8', 'rss', async (origin) => rssXml(origin, await blog().listFeedEntries(RSS_ITEMS)));
    }
    return false;
  };
}
