import { BLOG_ORDER } from '../../api/blog-post/services/blog-post';

/**
 * Contact messages are written through POST /api/contact and read in the panel only:
 * GraphQL gets no query or mutation for them at all (not even a forbidden one).
 * The blog list is ordered by the server, as /api/blog orders it, whatever the query asks.
 */
export default (plugin: any) => {
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context: any) => {
    const extension = context.strapi.plugin('graphql').service('extension');
    extension.shadowCRUD('api::contact-message.contact-message').disable();
    extension.use({
      resolversConfig: {
        'Query.blogPosts': {
          middlewares: [(resolve: any, parent: unknown, args: Record<string, unknown>, ctx: unknown, info: unknown) => resolve(parent, { ...args, sort: BLOG_ORDER }, ctx, info)],
        },
      },
    });
    return bootstrap(context);
  };
  return plugin;
};
