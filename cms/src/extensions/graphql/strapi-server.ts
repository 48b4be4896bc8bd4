/**
 * Contact messages are written through POST /api/contact and read in the panel only; handled Telegram
 * update ids are internal: GraphQL gets no query or mutation for them at all (not even a forbidden one).
 */
const NO_GRAPHQL = ['api::contact-message.contact-message', 'api::telegram.telegram-update'];

export default (plugin: any) => {
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context: any) => {
    for (const uid of NO_GRAPHQL) context.strapi.plugin('graphql').service('extension').shadowCRUD(uid).disable();
    return bootstrap(context);
  };
  return plugin;
};
