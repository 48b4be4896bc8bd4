import type { Context } from 'koa';
import type { SearchService } from '../services/search';

export default {
  /** GET /api/search?q=&type=&page=&pageSize=: posts, news and players, title matches first, each newest first. */
  async search(ctx: Context) {
    const service = strapi.service('api::search.search') as unknown as SearchService;
    ctx.body = await service.search(service.params(ctx.query));
  },
};
