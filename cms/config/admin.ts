import { setting } from '../src/utils/settings';

export default () => ({
  // The panel lives under /cms so that the site keeps /admin and /login for itself.
  url: '/cms',
  auth: {
    secret: setting('ADMIN_JWT_SECRET'),
    // The panel at /cms must read its session cookie and send it to the admin API at /admin: '/' covers both.
    cookie: { path: '/' },
  },
  // Strapi's own limit on panel sign-in requests (per email, path and IP, successes included).
  rateLimit: {
    enabled: true,
    interval: { min: 5 },
    max: setting('PANEL_LOGIN_RATE_LIMIT_MAX'),
  },
  apiToken: {
    salt: setting('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: setting('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: setting('ENCRYPTION_KEY'),
  },
  // The content manager's Preview: a blog post opens on the real site at /blog/{slug}?preview=<signed token>
  // (see api::blog-post.preview). Other types offer no preview. Free in Strapi 5 (the side editor is not).
  preview: {
    enabled: true,
    config: {
      allowedOrigins: ["'self'"],
      async handler(uid: string, { documentId }: { documentId?: string }) {
        if (uid !== 'api::blog-post.blog-post' || !documentId) return null;
        return strapi.service('api::blog-post.preview').previewUrl(documentId);
      },
    },
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
