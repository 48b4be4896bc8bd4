import type { StrapiApp } from '@strapi/strapi/admin';
import { Mail } from '@strapi/icons';
import { SlugFromTitle } from './SlugFromTitle';
import { CONTACT_MESSAGES, UNREAD_FILTER_QUERY } from './constants';

/** Panel home: a widget with the number of unread contact messages, for anyone who may read them. */
export function registerEditorTools(app: StrapiApp) {
  const unreadMessages = {
    id: 'unread-contact-messages',
    icon: Mail,
    title: { id: 'haic.widget.unread-contact-messages.title', defaultMessage: 'Unread contact messages' },
    link: {
      label: { id: 'haic.widget.unread-contact-messages.link', defaultMessage: 'Open unread messages' },
      href: `/content-manager/collection-types/${CONTACT_MESSAGES}?${UNREAD_FILTER_QUERY}`,
    },
    component: async () => (await import('./UnreadMessagesWidget')).UnreadMessagesWidget,
    permissions: [{ action: 'plugin::content-manager.explorer.read', subject: CONTACT_MESSAGES }],
  };
  // First on the home page: what needs an editor's attention comes before what happened.
  // The panel's widget registry types its callback's list by an internal type it does not export.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  app.widgets.register((widgets: unknown[]) => [unreadMessages, ...widgets] as any);
}

/** Blog post edit view: the slug follows the title while the editor types (see SlugFromTitle). */
export function bootstrapEditorTools(app: StrapiApp) {
  const contentManager = app.getPlugin('content-manager').apis as { addEditViewSidePanel: (panels: unknown[]) => void };
  contentManager.addEditViewSidePanel([SlugFromTitle]);
}
