/**
 * The account routes (register, sign-in, profile, stats, history, chat linking). Declared before the users-permissions plugin's own routes,
 * so /api/users/profile is served here and not taken as /api/users/:id.
 */
import { ACCOUNT_PATHS } from '@haic/contract';
import { limitFromEnv, perIpLimit, perUserLimit } from '../../../utils/rate-limit';

/** REGISTER_RATE_LIMIT_MAX sign-ups per IP per REGISTER_RATE_LIMIT_WINDOW_SECONDS (default 10 per hour). */
const registerLimit = perIpLimit('register', () => limitFromEnv('REGISTER', { max: 10, windowSeconds: 3600 }));
/** EXPORT_RATE_LIMIT_MAX data exports per user per EXPORT_RATE_LIMIT_WINDOW_SECONDS (default 5 per hour). */
const exportLimit = perUserLimit('export', () => limitFromEnv('EXPORT', { max: 5, windowSeconds: 3600 }));
const signedIn = { auth: false, policies: ['global::is-logged-in'] } as const;
/** A contract path as the router names it (without the /api prefix). */
const route = (path: string) => path.replace(/^\/api/, '');
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
    // The owner's account: a new password, a copy of their data, leaving. Declared before /users/:id/...
    // The password checks are limited like sign-in (one credential check), the export per user.
    { method: 'PUT', path: route(ACCOUNT_PATHS.changePassword), handler: 'account.changePassword', config: signedIn },
    { method: 'GET', path: route(ACCOUNT_PATHS.exportData), handler: 'account.exportData', config: { ...signedIn, middlewares: [exportLimit] } },
    { method: 'POST', path: route(ACCOUNT_PATHS.deleteAccount), handler: 'account.deleteAccount', config: signedIn },
    { method: 'GET', path: '/users/:id/stats', handler: 'account.stats', config: owner },
    { method: 'GET', path: '/users/:id/game-history', handler: 'account.history', config: owner },
    { method: 'POST', path: '/users/:id/generate-linking-code', handler: 'account.generateLinkingCode', config: owner },
    { method: 'GET', path: '/users/:id/telegram-link', handler: 'account.telegramLink', config: owner },
    { method: 'POST', path: '/users/:id/unlink-telegram', handler: 'account.unlinkTelegram', config: owner },
    // The switch of the bot's notices: on for a linked player until turned off.
    { method: 'PUT', path: '/users/:id/telegram-notices', handler: 'account.telegramNotices', config: owner },
  ],
};
