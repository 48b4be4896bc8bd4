import type { Core } from '@strapi/strapi';
import type { ContactInput } from '@haic/contract';
import { siteOrigin } from '../../../utils/public-url';
import { setting } from '../../../utils/settings';

/**
 * Tells editors by email that a contact message arrived, through Strapi's email plugin (nodemailer over
 * SMTP, see config/plugins.ts). Off unless both SMTP_HOST and CONTACT_NOTIFY_TO are set: then nothing is
 * sent and nothing fails. A failed send is logged and never affects the visitor's submission.
 */
export interface NotifyService {
  isEnabled(): boolean;
  contactMessage(message: ContactInput & { documentId: string }): Promise<boolean>;
}

const recipients = () => setting('CONTACT_NOTIFY_TO');

// Header values never carry line breaks, whatever a visitor typed.
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export default ({ strapi }: { strapi: Core.Strapi }): NotifyService => ({
  isEnabled() {
    return Boolean(setting('SMTP_HOST')) && recipients().length > 0;
  },

  async contactMessage(message) {
    if (!this.isEnabled()) return false;
    const panel = `${siteOrigin()}/cms/content-manager/collection-types/api::contact-message.contact-message/${message.documentId}`;
    try {
      await strapi
        .plugin('email')
        .service('email')
        .send({
          to: recipients(),
          replyTo: message.email,
          subject: oneLine(`New contact message: ${message.subject}`).slice(0, 200),
          text: [
            `${message.name} <${message.email}> wrote through the site's contact form:`,
            '',
            `Subject: ${oneLine(message.subject)}`,
            '',
            message.message,
            '',
            `Open it in the panel (and mark it read): ${panel}`,
          ].join('\n'),
        });
      return true;
    } catch (error) {
      strapi.log.error(`[contact] could not email editors about a new message: ${(error as Error).message}`);
      return false;
    }
  },
});
