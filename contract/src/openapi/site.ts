/** What the API says about itself and its clients: the XSRF cookie, this description, and the Telegram bot's webhook. */
import { TELEGRAM_WEBHOOK_OUTCOMES, type TelegramWebhookAnswer } from '../telegram';
import { CACHE_TAGS, OPENAPI_PATH, XSRF_COOKIE, XSRF_HEADER } from '../http';
import { TELEGRAM_WEBHOOK_PATH } from '../news';
import type { Route } from './operations';
import { component, constant, objectOf, oneOf, string, type AnySchema } from './schema';

const WebhookAnswer = component<TelegramWebhookAnswer>(
  'TelegramWebhookAnswer',
  objectOf<TelegramWebhookAnswer>({ ok: constant(true), handled: oneOf(TELEGRAM_WEBHOOK_OUTCOMES, 'What was done with the update.') }),
);
export const SITE_SCHEMAS = [WebhookAnswer];

export const SITE_ROUTES: Route[] = [
  {
    method: 'get',
    path: '/api/xsrf',
    summary: 'The XSRF cookie, before a first write',
    description: `Sets the ${XSRF_COOKIE} cookie (the one the client holds, or a new one); every /api write then echoes it in the ${XSRF_HEADER} header. Pages and other reads set no cookie.`,
    access: 'public',
    success: {
      status: 204,
      description: 'The cookie is set.',
      headers: {
        'Set-Cookie': {
          description: `${XSRF_COOKIE}, readable by scripts, SameSite=Lax, for the whole site.`,
          schema: string({ pattern: new RegExp(`^${XSRF_COOKIE}=[A-Za-z0-9_-]{43}; path=/; (secure; )?samesite=lax`) }),
          required: true,
        },
      },
    },
  },
  {
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This description (OpenAPI 3.1)',
    description: 'Changes only with a deploy: shared caches may keep it.',
    access: 'public',
    success: {
      status: 200,
      description: 'The OpenAPI document.',
      body: {
        type: 'object',
        properties: { openapi: string({ pattern: /^3\.1\.\d+$/ }), info: { type: 'object' }, paths: { type: 'object' } },
        required: ['openapi', 'info', 'paths'],
      } as AnySchema,
    },
    shared: [CACHE_TAGS.site, CACHE_TAGS.openapi],
  },
  {
    method: 'post',
    path: TELEGRAM_WEBHOOK_PATH,
    summary: "Telegram's updates for the linking bot",
    description:
      'Telegram posts each update here with the secret it was given (setWebhook secret_token). It answers 200 whatever the update holds, so that Telegram does not re-send it; the chat reply goes out after. No XSRF: Telegram holds no cookie.',
    access: 'telegram',
    body: { description: 'A Telegram Update object.', schema: { type: 'object' } as AnySchema },
    success: { status: 200, description: 'Taken.', body: WebhookAnswer.ref },
    refusals: { 401: 'The secret header is missing or wrong.', 503: 'The webhook is not set up on this server (TELEGRAM_WEBHOOK_SECRET).' },
  },
];
