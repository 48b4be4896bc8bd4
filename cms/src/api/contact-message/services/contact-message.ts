import { factories } from '@strapi/strapi';
import type { ContactInput } from '@haic/contract';

export default factories.createCoreService('api::contact-message.contact-message', ({ strapi }) => ({
  async store(input: ContactInput) {
    return strapi.documents('api::contact-message.contact-message').create({ data: input });
  },
}));
