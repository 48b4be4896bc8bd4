import type { Core } from '@strapi/strapi';

/**
 * The allow-list: the public API is exactly the routes the site and the panel use.
 * - REST: the custom routes under src/api (accounts, scores, contact, the blog and news reads, the Telegram
 *   webhook, sign-out). Every plugin's stock content-API routes are switched off through its
 *   extension (src/extensions/<plugin>/strapi-server.ts calls withoutContentApiRoutes); the panel's
 *   admin routes stay. cms/tests/hardening-allow-list.test.ts lists every route that answers and
 *   fails on a new one: add yours there.
 * - GraphQL: published reads of the root fields in GRAPHQL_QUERIES only; no mutation, no
 *   `status` argument (so no draft reads), no other type reachable.
 */
export const GRAPHQL_QUERIES = ['blogPosts'] as const;

/**
 * A plugin's server as its extension (src/extensions/<plugin>/strapi-server.ts) receives it: the
 * services are still their factories, which Strapi calls once the app is up.
 */
export interface PluginServer {
  routes?: Core.Plugin['routes'];
  services: Record<string, (context: { strapi: Core.Strapi }) => Core.Service>;
  bootstrap: (context: { strapi: Core.Strapi }) => unknown;
}

/** A plugin's server with its content-API routes switched off (its admin routes, used by the panel, stay). */
export function withoutContentApiRoutes<P extends Pick<PluginServer, 'routes'>>(plugin: P): P {
  if (plugin.routes && !Array.isArray(plugin.routes) && plugin.routes['content-api']) {
    plugin.routes['content-api'] = { type: 'content-api', routes: [] };
  }
  return plugin;
}
