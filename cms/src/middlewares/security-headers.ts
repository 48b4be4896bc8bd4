/**
 * 'global::security-headers': what strapi::security (helmet) leaves to the deployment.
 * - Strict-Transport-Security only on a secure request (TLS here, or behind a trusted proxy that
 *   says https): HSTS over plain HTTP is meaningless and breaks local use;
 * - a Permissions-Policy that switches off the powerful browser features the site never uses;
 * - no X-Powered-By (strapi::poweredBy is not in the stack; this removes any other), nor the header by which
 *   Strapi's /_health route names itself: the stack is not advertised;
 * - no empty Access-Control-Allow-Origin: strapi::cors grants '' (nothing), with credentials, to a request
 *   without an Origin; a grant to an origin in CORS_ORIGINS stays;
 * - on /uploads, the sandbox below.
 */
import type { Core } from '@strapi/strapi';
import { isUploadsPath } from '../edge/areas';
import { HSTS } from '../utils/hsts';
import { isMediaFileName } from '../utils/uploads';

const PERMISSIONS_POLICY = [
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

/**
 * Uploaded files are shown, never run: a sandbox with no script, whatever a file turns out to be,
 * and no type sniffing. A file that is not one of the media types (uploaded before that rule) is a download.
 */
const UPLOADS_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const securityHeaders: Core.MiddlewareFactory = () => {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      ctx.remove('X-Powered-By');
      ctx.remove('strapi');
      if (ctx.response.get('Access-Control-Allow-Origin') === '') {
        ctx.remove('Access-Control-Allow-Origin');
        ctx.remove('Access-Control-Allow-Credentials');
      }
      ctx.set('Permissions-Policy', PERMISSIONS_POLICY);
      if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
      else ctx.remove('Strict-Transport-Security');
      if (isUploadsPath(ctx.path)) {
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Content-Security-Policy', UPLOADS_CSP);
        if (!isMediaFileName(ctx.path)) ctx.set('Content-Disposition', 'attachment');
      }
    }
  };
};

export default securityHeaders;
