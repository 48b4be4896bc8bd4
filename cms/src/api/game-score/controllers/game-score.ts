/** The game-score API's HTTP side: each action reads the request, calls one service (game-scores.ts) and answers. */
import { factories } from '@strapi/strapi';
import { cachePolicy } from '../../../edge/cache-policy';
import { clientLimitKey } from '../../../utils/client-address';
import { userFromToken } from '../../../utils/current-user';
import { gameScores } from '../game-scores';
import { parseLeaderboardQuery, parseSeasonQuery } from '../services/boards';
import { createSubmissionLimiter, submissionAccount } from '../submission-limit';

const limiter = createSubmissionLimiter();
const bodyOf = (ctx: { request: object }): unknown => (ctx.request as { body?: unknown }).body;

export default factories.createCoreController('api::game-score.game-score', ({ strapi }) => {
  const scores = () => gameScores(strapi);
  const hasAuthorization = (authorization: unknown) => typeof authorization === 'string' && authorization.trim() !== '';

  return {
    /** POST /api/game/nursehelpme/score */
    async submit(ctx) {
      const user = await userFromToken(strapi, ctx);
      const body = bodyOf(ctx);
      await limiter.hit(clientLimitKey(ctx), submissionAccount(user?.id ?? null, body));
      const stored = await scores().runs.submitScore(body, { user, hasToken: hasAuthorization(ctx.request.header.authorization) });
      ctx.body = { success: true, ...stored };
    },

    /** POST /api/game/nursehelpme/ticket: a run ticket for a game about to start (guest or signed in). */
    async ticket(ctx) {
      const user = ctx.request.header.authorization ? await userFromToken(strapi, ctx) : null;
      ctx.body = await scores().tickets.issue(bodyOf(ctx), { limitKey: clientLimitKey(ctx), userId: user?.id ?? null });
      ctx.set('Cache-Control', cachePolicy.noStore());
    },

    /** POST /api/game/nursehelpme/guest-runs (signed in): this browser's guest runs move to the account. */
    async claimGuestRuns(ctx) {
      ctx.body = await scores().runs.claimGuestRuns(bodyOf(ctx), ctx.state.user.id);
    },

    /** GET /api/leaderboard?period=all|week|day&limit=N; with a user token also that player's best rank. */
    async leaderboard(ctx) {
      const { period, limit } = parseLeaderboardQuery(ctx.query ?? {});
      const user = ctx.request.header.authorization ? await userFromToken(strapi, ctx) : null;
      // The answer differs with the token: a browser must not reuse a guest's copy once signed in.
      ctx.vary('Authorization');
      ctx.body = await scores().boards.leaderboard(period, limit, user?.id ?? null);
      // The public board's Cache-Control, validators and tags are a public read's (middlewares/http-cache.ts).
      if (user) ctx.set('Cache-Control', cachePolicy.private());
    },

    // The players' pages' reads, public (a signed-out visitor sees the same); their Cache-Control,
    // validators and tags are the public reads' (middlewares/http-cache.ts).

    /** GET /api/leaderboard/seasons/:season?limit=N */
    async season(ctx) {
      const { season, start, limit } = parseSeasonQuery(ctx.params.season, ctx.query ?? {});
      ctx.body = await scores().boards.seasonStandings(season, start, limit);
    },

    /** GET /api/runs/:id */
    async run(ctx) {
      ctx.body = await scores().history.runOr404(ctx.params.id);
    },
  };
});
