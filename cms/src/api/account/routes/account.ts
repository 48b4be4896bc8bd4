/**
 * The account routes (register, sign-in, profile, stats, history, chat linking). Declared before the users-permissions plugin's own routes,
 * so /api/users/profile is served here and not taken as /api/users/:id.
 */
import { limitFromEnv, perIpLimit } from '../../../utils/rate-limit';

/** REGISTER_RATE_LIMIT_MAX sign-ups per IP per REGISTER_RATE_LIMIT_WINDOW_SECONDS (default 10 per hour). */
const registerLimit = perIpLimit('register', () => limitFromEnv('REGISTER', { max: 10, windowSeconds: 3600 }));
const signedIn = { auth: false, policies: ['global::is-logged-in'] } as const;
// Owner routes: the controller also checks that {id} is the caller's own id (403 otherwise).
const owner = signedIn;

export default {
  routes: [
    { method: 'POST', path: '/auth/register', handler: 'account.register', config: { auth: false, middlewares: [registerLimit] } },
    { method: 'POST', path: '/auth/login', handler: 'account.login', config: { auth: false } },
    // Server-side sign-out: revokes every token issued to the caller so far.
    { method: 'POST', path: '/auth/logout', handler: 'account.logout', config: signedIn },
    { method: 'GET', path: '/users/profile', handler: 'account.getProfile', config: signedIn },
    { method: 'PUT', path: '/users/profile', handler: 'account.updateProfile', config: signedIn },
    { method: 'GET', path: '/users/:id/stats', handler: 'account.stats', config: owner },
    { method: 'GET', path: '/users/:id/game-history', handler: 'account.history', config: owner },
    { method: 'POST', path: '/users/:id/generate-linking-code', handler: 'account.generateLinkingCode', config: owner },
    { method: 'GET', path: '/users/:id/telegram-link', handler: 'account.telegramLink', config: owner },
    { method: 'POST', path: '/users/:id/unlink-telegram', handler: 'account.unlinkTelegram', config: owner },
  ],
};
