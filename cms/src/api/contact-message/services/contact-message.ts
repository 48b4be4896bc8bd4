import { factories } from '@strapi/strapi';
import type { ContactInput } from '@haic/contract';
import type { NotifyService } from './notify';

export default factories.createCoreService('api::contact-message.contact-message', ({ strapi }) => ({
  /** Stores a message (unread; `senderAccountId`: the signed-in account that sent it), then lets editors know without making the visitor wait. */
  async store(input: ContactInput, senderAccountId: number | null) {
    const stored = await strapi.documents('api::contact-message.contact-message').create({ data: { ...input, read: false, senderAccountId } });
    void (strapi.service('api::contact-message.notify') as unknown as NotifyService).contactMessage({ ...input, documentId: stored.documentId });
    return stored;
  },
}));
