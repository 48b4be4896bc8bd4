import type { GraphQLResolveInfo, GraphQLSchema } from 'graphql';
import { BLOG_ORDER } from '../../api/blog-post/services/blog-post';
import { GRAPHQL_QUERIES, type PluginServer } from '../../utils/allow-list';
import { restrictSchema } from '../../utils/graphql-limits';

type Resolver = (parent: unknown, args: Record<string, unknown>, ctx: unknown, info: GraphQLResolveInfo) => unknown;

/** The graphql plugin's extension service, as far as this file uses it. */
interface GraphqlExtensionService {
  shadowCRUD(uid: string): { disable(): void };
  use(extension: { resolversConfig: Record<string, { auth: false; middlewares?: unknown[] }> }): void;
}

/**
 * GraphQL serves the published reads of the allow-list only (utils/allow-list): the schema Strapi
 * builds from every content type is cut down to those root queries, without mutations or draft
 * arguments. Those reads are public by this list (auth: false), not by role permissions: the public
 * role is granted no content action. Contact messages have no GraphQL type at all.
 * The blog list is ordered by the server, as /api/blog orders it, whatever the query asks.
 */
export default (plugin: PluginServer) => {
  const contentApi = plugin.services['content-api'];
  plugin.services['content-api'] = (context) => {
    const service = contentApi(context) as { buildSchema(): GraphQLSchema };
    return { ...service, buildSchema: () => restrictSchema(service.buildSchema()) };
  };
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context) => {
    const extension = context.strapi.plugin('graphql').service('extension') as GraphqlExtensionService;
    extension.shadowCRUD('api::contact-message.contact-message').disable();
    const publicReads = Object.fromEntries(GRAPHQL_QUERIES.map((field) => [`Query.${field}`, { auth: false }]));
    const orderedBlog = (resolve: Resolver, parent: unknown, args: Record<string, unknown>, ctx: unknown, info: GraphQLResolveInfo) =>
      resolve(parent, { ...args, sort: BLOG_ORDER }, ctx, info);
    extension.use({
      resolversConfig: { ...publicReads, 'Query.blogPosts': { auth: false, middlewares: [orderedBlog] } },
    });
    return bootstrap(context);
  };
  return plugin;
};
