import { factories } from '@strapi/strapi';

export default factories.createCoreController('api::news-item.news-item', ({ strapi }) => ({
  /** GET /api/news/aggregate: active items, newest first. */
  async aggregate(ctx) {
    ctx.type = 'application/json';
    ctx.body = await strapi.service('api::news-item.news-item').listActiveJson();
  },
}));
