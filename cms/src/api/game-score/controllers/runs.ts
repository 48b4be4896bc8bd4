/** The players' pages' reads: one run, and a weekly season's standings. Public: a signed-out visitor sees the same. */
import type { Core } from '@strapi/strapi';
import { parseSeasonQuery } from '../services/runs';

// Their Cache-Control, validators and tags are the public reads' (middlewares/http-cache.ts).
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const runs = () => strapi.service('api::game-score.runs') as any;
  return {
    /** GET /api/runs/:id */
    async findOne(ctx: any) {
      ctx.body = await runs().runOr404(ctx.params.id);
    },

    /** GET /api/leaderboard/seasons/:season?limit=N */
    async season(ctx: any) {
      const { season, start, limit } = parseSeasonQuery(ctx.params.season, ctx.query ?? {});
      ctx.body = await runs().seasonStandings(season, start, limit);
    },
  };
};
