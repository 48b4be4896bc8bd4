import { factories } from '@strapi/strapi';
import { userFromToken } from '../../../utils/current-user';
import { parseLeaderboardQuery } from '../services/game-score';
import { createSubmissionLimiter } from '../submission-limit';
import { clientLimitKey } from '../../../utils/client-address';

const limiter = createSubmissionLimiter();

export default factories.createCoreController('api::game-score.game-score', ({ strapi }) => {
  const scores = () => strapi.service('api::game-score.game-score');

  return {
    /** POST /api/game/nursehelpme/score */
    async submit(ctx) {
      const user = await userFromToken(strapi, ctx);
      const authorization = ctx.request.header.authorization;
      const hasToken = typeof authorization === 'string' && authorization.trim() !== '';
      const body = (ctx.request as any).body;
      const wallet = body && typeof body.XRPLWallet === 'string' ? body.XRPLWallet.slice(0, 20) : null;
      await limiter.hit(clientLimitKey(ctx), user ? `user:${user.id}` : wallet && `wallet:${wallet}`);
      const stored = await scores().submitScore(body, { user, hasToken });
      ctx.body = { success: true, ...stored };
    },

    /** POST /api/game/nursehelpme/ticket: a run ticket for a game about to start (guest or signed in). */
    async ticket(ctx) {
      const user = ctx.request.header.authorization ? await userFromToken(strapi, ctx) : null;
      ctx.body = await scores().issueRunTicket((ctx.request as any).body, { limitKey: clientLimitKey(ctx), userId: user?.id ?? null });
      ctx.set('Cache-Control', 'no-store');
    },

    /** POST /api/game/nursehelpme/guest-runs (signed in): this browser's guest runs move to the account. */
    async claimGuestRuns(ctx) {
      ctx.body = await scores().claimGuestRuns((ctx.request as any).body, ctx.state.user.id);
    },

    /** GET /api/leaderboard?period=all|week|day&limit=N; with a user token also that player's best rank. */
    async leaderboard(ctx) {
      const { period, limit } = parseLeaderboardQuery(ctx.query ?? {});
      const user = ctx.request.header.authorization ? await userFromToken(strapi, ctx) : null;
      // The answer differs with the token: a browser must not reuse a guest's copy once signed in.
      ctx.vary('Authorization');
      if (user) {
        ctx.body = await scores().leaderboard(period, limit, user.id);
        ctx.set('Cache-Control', 'private, no-store');
      } else {
        // Shared caches may keep the public board briefly.
        ctx.type = 'application/json';
        ctx.body = await scores().publicLeaderboardJson(period, limit);
        ctx.set('Cache-Control', 'public, max-age=5');
      }
    },
  };
});
