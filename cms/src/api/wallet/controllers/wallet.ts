/** The wallet API's HTTP side: /api/users/{id}/wallet..., for the owner of {id} only; each action calls one service. */
import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { cachePolicy } from '../../../edge/cache-policy';
import { fieldsOf } from '../../../utils/fields';
import { ownAccountId } from '../../../utils/owner';
import { wallets } from '../wallets';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const links = () => wallets(strapi).links;
  const answer = (ctx: Context, body: unknown) => {
    ctx.set('Cache-Control', cachePolicy.private());
    ctx.body = body;
  };

  return {
    /** POST /api/users/{id}/wallet/challenge */
    async challenge(ctx: Context) {
      answer(ctx, await links().challenge(ownAccountId(ctx)));
    },

    /** GET /api/users/{id}/wallet */
    async status(ctx: Context) {
      answer(ctx, await links().status(ownAccountId(ctx)));
    },

    /** POST /api/users/{id}/wallet */
    async link(ctx: Context) {
      answer(ctx, await links().link(ownAccountId(ctx), fieldsOf(ctx.request.body)));
    },

    /** PUT /api/users/{id}/wallet */
    async setVisibility(ctx: Context) {
      answer(ctx, await links().setVisibility(ownAccountId(ctx), fieldsOf(ctx.request.body)));
    },

    /** DELETE /api/users/{id}/wallet */
    async unlink(ctx: Context) {
      await links().unlink(ownAccountId(ctx));
      ctx.set('Cache-Control', cachePolicy.private());
      ctx.status = 204;
    },
  };
};
