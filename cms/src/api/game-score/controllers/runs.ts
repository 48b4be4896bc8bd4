/** The players' pages' reads: one run, and a weekly season's standings. Public: a signed-out visitor sees the same. */
import type { Core } from '@strapi/strapi';
import { parseSeasonQuery } from '../services/runs';

/** An ended season's standings never change: shared caches may keep them for a year. */
const FINAL_STANDINGS_CACHE = 'public, max-age=31536000, immutable';
/** The season in play changes with every verified run, as the board does. */
const LIVE_STANDINGS_CACHE = 'public, max-age=5';
/** A run never changes, but leaves with its account: kept briefly. */
const RUN_CACHE = 'public, max-age=60';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const runs = () => strapi.service('api::game-score.runs') as any;
  return {
    /** GET /api/runs/:id */
    async findOne(ctx: any) {
      ctx.body = await runs().runOr404(ctx.params.id);
      ctx.set('Cache-Control', RUN_CACHE);
    },

    /** GET /api/leaderboard/seasons/:season?limit=N */
    async season(ctx: any) {
      const { season, start, limit } = parseSeasonQuery(ctx.params.season, ctx.query ?? {});
      const standings = await runs().seasonStandings(season, start, limit);
      ctx.body = standings;
      ctx.set('Cache-Control', standings.ended ? FINAL_STANDINGS_CACHE : LIVE_STANDINGS_CACHE);
    },
  };
};
