export default ({ env }) => ({
  // The panel lives under /cms so that the site keeps /admin and /login for itself.
  url: '/cms',
  auth: {
    secret: env('ADMIN_JWT_SECRET'),
    // The panel at /cms must read its session cookie and send it to the admin API at /admin: '/' covers both.
    cookie: { path: '/' },
  },
  apiToken: {
    salt: env('API_TOKEN_SALT'),
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT'),
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY'),
  },
  flags: {
    nps: false,
    promoteEE: false,
  },
});
