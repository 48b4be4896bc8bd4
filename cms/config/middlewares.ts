import { withUploadOrigins } from '../src/utils/uploads';

export default ({ env }) => withUploadOrigins(env, [
  'strapi::logger',
  'strapi::errors',
  // gzip/brotli for the site's files and the API's JSON.
  'strapi::compression',
  // Strapi's own CSP suits its panel; the site's pages get their stricter one in global::site.
  'strapi::security',
  {
    name: 'strapi::cors',
    config: {
      // One origin serves everything; list others only for a separately hosted front end.
      origin: env.array('CORS_ORIGINS', []),
      credentials: true,
      headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'X-XSRF-TOKEN'],
    },
  },
  'strapi::poweredBy',
  // xsrf first: the cookie must ride on the site's own HTML response too.
  'global::xsrf',
  'global::site',
  'strapi::query',
  'strapi::body',
  'strapi::session',
  'strapi::favicon',
  'strapi::public',
]);
