/**
 * The XRPL wallet link of an account: owner only (a Bearer token, 401 without; the controller
 * answers 403 for another account's id; writes need the XSRF header). The writes count against the
 * owner's WALLET_RATE_LIMIT_MAX per WALLET_RATE_LIMIT_WINDOW_SECONDS (default 30 per hour).
 */
import { limitFromEnv, perUserLimit } from '../../../utils/rate-limit';

const walletLimit = perUserLimit('wallet', () => limitFromEnv('WALLET', { max: 30, windowSeconds: 3600 }));
const owner = { auth: false, policies: ['global::is-logged-in'] } as const;
const limited = { ...owner, middlewares: [walletLimit] };

export default {
  routes: [
    { method: 'POST', path: '/users/:id/wallet/challenge', handler: 'wallet.challenge', config: limited },
    { method: 'GET', path: '/users/:id/wallet', handler: 'wallet.status', config: owner },
    { method: 'POST', path: '/users/:id/wallet', handler: 'wallet.link', config: limited },
    { method: 'PUT', path: '/users/:id/wallet', handler: 'wallet.setVisibility', config: limited },
    { method: 'DELETE', path: '/users/:id/wallet', handler: 'wallet.unlink', config: limited },
  ],
};
