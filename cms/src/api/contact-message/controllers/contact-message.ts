import { factories } from '@strapi/strapi';
import { validateContact } from '@haic/contract';
import { invalid } from '../../../utils/api-error';

export default factories.createCoreController('api::contact-message.contact-message', ({ strapi }) => ({
  /** POST /api/contact: validated on the server with the form's own messages, then stored. */
  async submit(ctx) {
    const { value, errors: fieldErrors } = validateContact(ctx.request.body);
    if (!value) throw invalid(fieldErrors);
    await strapi.service('api::contact-message.contact-message').store(value);
    ctx.status = 201;
    ctx.body = { data: { received: true }, message: 'Thank you! Your message has been sent successfully.' };
  },
}));
