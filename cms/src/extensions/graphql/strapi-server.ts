import { restrictSchema } from '../../utils/graphql-limits';

/**
 * GraphQL serves the published reads of the allow-list only (utils/allow-list): the schema Strapi
 * builds from every content type is cut down to those root queries, without mutations or draft
 * arguments. Contact messages have no GraphQL type at all.
 */
export default (plugin: any) => {
  const contentApi = plugin.services['content-api'];
  plugin.services['content-api'] = (context: any) => {
    const service = contentApi(context);
    return { ...service, buildSchema: () => restrictSchema(service.buildSchema()) };
  };
  const bootstrap = plugin.bootstrap;
  plugin.bootstrap = async (context: any) => {
    context.strapi.plugin('graphql').service('extension').shadowCRUD('api::contact-message.contact-message').disable();
    return bootstrap(context);
  };
  return plugin;
};
