/**
 * 'global::security-headers': what strapi::security (helmet) leaves to the deployment.
 * - Strict-Transport-Security only on a secure request (TLS here, or behind a trusted proxy that
 *   says https): HSTS over plain HTTP is meaningless and breaks local use;
 * - a Permissions-Policy that switches off the powerful browser features the site never uses;
 * - no X-Powered-By (strapi::poweredBy is not in the stack; this removes any other).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

export default () => {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      ctx.remove('X-Powered-By');
      ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
      if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
      else ctx.remove('Strict-Transport-Security');
    }
  };
};
