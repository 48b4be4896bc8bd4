import { factories } from '@strapi/strapi';
import { validateContact, type ContactAnswer } from '@haic/contract';
import { invalid } from '../../../utils/api-error';
import { userFromToken } from '../../../utils/current-user';

export default factories.createCoreController('api::contact-message.contact-message', ({ strapi }) => ({
  /**
   * POST /api/contact: validated on the server with the form's own messages, then stored, with the account
   * that sent it when the sender is signed in (what proves a message theirs in their data export).
   */
  async submit(ctx) {
    const { value, errors: fieldErrors } = validateContact(ctx.request.body);
    if (!value) throw invalid(fieldErrors);
    const sender = await userFromToken(strapi, ctx);
    await strapi.service('api::contact-message.contact-message').store(value, sender?.id ?? null);
    ctx.status = 201;
    const answer: ContactAnswer = { data: { received: true }, message: 'Thank you! Your message has been sent successfully.' };
    ctx.body = answer;
  },
}));
