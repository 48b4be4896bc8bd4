import { limitFromEnv, perIpLimit } from '../../../utils/rate-limit';

/** CONTACT_RATE_LIMIT_MAX messages per IP per CONTACT_RATE_LIMIT_WINDOW_SECONDS (default 5 per 10 minutes). */
const contactLimit = perIpLimit('contact', () => limitFromEnv('CONTACT', { max: 5, windowSeconds: 600 }));

// POST /api/contact : the site's contact form. There is deliberately no read route:
// messages are read in the panel only.
export default {
  routes: [
    {
      method: 'POST',
      path: '/contact',
      handler: 'contact-message.submit',
      config: { auth: false, middlewares: [contactLimit] },
    },
  ],
};
