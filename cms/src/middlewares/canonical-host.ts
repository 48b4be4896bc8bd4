/**
 * With PUBLIC_URL set, the site answers for that host only: a page asked for by another name is
 * redirected there (308), and any other request for another host is refused (421). So no Host header
 * an outsider makes up can become a link in a page or a new entry in the page cache. The health
 * probes answer on any host: load balancers call instances by address.
 */
import type { Core } from '@strapi/strapi';
import { ERROR_NAMES } from '@haic/contract';
import { ApiError } from '../utils/api-error';
import { configuredPublicUrl } from '../utils/public-url';

const PROBES = new Set(['/_health', '/_ready']);

function sameHost(requestHost: string, site: URL): boolean {
  try {
    return new URL(`${site.protocol}//${requestHost}`).host === site.host;
  } catch {
    return false;
  }
}

const canonicalHost: Core.MiddlewareFactory = () => {
  const configured = configuredPublicUrl();
  if (!configured) return async (_ctx, next) => next();
  const site = new URL(configured);

  return async (ctx, next) => {
    if (PROBES.has(ctx.path) || sameHost(ctx.host, site)) return next();
    if (ctx.method === 'GET' || ctx.method === 'HEAD') {
      ctx.status = 308;
      ctx.redirect(`${site.origin}${ctx.originalUrl}`);
      return;
    }
    throw new ApiError(421, ERROR_NAMES[421], `This site answers at ${site.origin}`);
  };
};

export default canonicalHost;
