import zlib from 'zlib';
import { setting } from '../src/utils/settings';
import { withUploadOrigins } from '../src/utils/uploads';

export default () =>
  withUploadOrigins([
    // Outermost: the request id, the request log line and metrics, /_ready and /metrics.
    'global::request-context',
    // Security headers land on every answer, errors included.
    'global::security-headers',
    // Required by Strapi; global::errors inside it renders every error first.
    'strapi::errors',
    // Strapi's error body shape for everything, malformed bodies included (400, never 500).
    'global::errors',
    // PUBLIC_URL's host only (other hosts are redirected there or refused).
    'global::canonical-host',
    // gzip/brotli for the API's JSON, streamed on libuv's threads at fast levels (never the event loop's time).
    { name: 'strapi::compression', config: { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } } },
    // Cache-Control, ETag/304 and cache tags of the API's answers, on the bodies before compression.
    'global::http-cache',
    {
      // Strapi's own CSP suits its panel; the site's pages get their stricter one in global::site.
      // HSTS is sent by global::security-headers, and only on secure requests.
      name: 'strapi::security',
      config: { hsts: false },
    },
    {
      name: 'strapi::cors',
      config: {
        // One origin serves everything; list others only for a separately hosted front end.
        origin: setting('CORS_ORIGINS'),
        credentials: true,
        headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', 'X-XSRF-TOKEN'],
      },
    },
    // The double-submit check of writes (GET /api/xsrf hands out the cookie; pages set none).
    'global::xsrf',
    'global::site',
    'strapi::query',
    // Each public write route's own body size, from Content-Length, before strapi::body reads a byte.
    'global::body-limit',
    'strapi::body',
    // Field lengths first (each route's bounds), then the text rule on every write body and query string (after the body is parsed).
    'global::input-guard',
    // Public GraphQL reads answered from the kept answers of the same operation (by meaning, not spelling).
    'global::graphql-cache',
    'strapi::session',
    'strapi::favicon',
    'strapi::public',
  ]);
