/**
 * Contact messages are written through POST /api/contact and read in the panel only:
 * GraphQL gets no query or mutation for them at all (not even a forbidden one).
 */
export default (plugin: any) => {
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context: any) => {
    context.strapi.plugin('graphql').service('extension').shadowCRUD('api::contact-message.contact-message').disable();
    return bootstrap(context);
  };
  return plugin;
};
