import { factories } from '@strapi/strapi';
import { userFromToken } from '../../../utils/current-user';
import { ScoreAccessError } from '../services/game-score';

export default factories.createCoreController('api::game-score.game-score', ({ strapi }) => ({
  /** POST /api/game/nursehelpme/score */
  async submit(ctx) {
    const user = await userFromToken(strapi, ctx);
    const authorization = ctx.request.header.authorization;
    const hasToken = typeof authorization === 'string' && authorization.trim() !== '';
    try {
      const stored = await strapi
        .service('api::game-score.game-score')
        .submitScore((ctx.request as any).body, { user, hasToken });
      ctx.body = { success: true, ...stored };
    } catch (error) {
      if (error instanceof ScoreAccessError) {
        return error.status === 401 ? ctx.unauthorized(error.message) : ctx.forbidden(error.message);
      }
      throw error;
    }
  },
}));
