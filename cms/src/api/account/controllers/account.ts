import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE, accountExportFileName } from '@haic/contract';
import { conflict, forbidden, unauthorized } from '../../../utils/api-error';
import { readWholeNumbers } from '../../../utils/query-params';
import { clientLimitKey } from '../../../utils/client-address';

/** Thin: read the request, call the services, answer. */
export default ({ strapi }) => {
  const accounts = () => strapi.service('api::account.account');
  const links = () => strapi.service('api::linking-code.linking-code');
  const me = (ctx) => ctx.state.user.id as number;
  /** /api/users/{id}/...: only the owner of {id}. */
  const owner = (ctx) => {
    if (String(ctx.params.id) !== String(ctx.state.user.id)) throw forbidden('You can only access your own account');
    return ctx.state.user.id as number;
  };

  return {
    async register(ctx) {
      ctx.body = await accounts().register(ctx.request.body ?? {});
    },

    async login(ctx) {
      ctx.body = await accounts().login(clientLimitKey(ctx), ctx.request.body ?? {});
    },

    async logout(ctx) {
      ctx.body = await accounts().logout(me(ctx));
    },

    async changePassword(ctx) {
      ctx.body = await accounts().changePassword(clientLimitKey(ctx), me(ctx), ctx.request.body ?? {});
    },

    async exportData(ctx) {
      const now = new Date();
      const stream = await strapi.service('api::account.account-export').exportOf(me(ctx), now);
      if (!stream) throw unauthorized('You must be signed in to do this');
      ctx.set('Content-Disposition', `attachment; filename="${accountExportFileName(now)}"`);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = stream;
    },

    async deleteAccount(ctx) {
      ctx.body = await accounts().deleteAccount(clientLimitKey(ctx), me(ctx), ctx.request.body ?? {});
    },

    async getProfile(ctx) {
      ctx.body = await accounts().getProfile(me(ctx));
    },

    async updateProfile(ctx) {
      ctx.body = await accounts().updateProfile(me(ctx), ctx.request.body ?? {});
    },

    async stats(ctx) {
      ctx.body = await accounts().stats(owner(ctx));
    },

    async history(ctx) {
      const userId = owner(ctx);
      const { pageNumber, pageSize } = readWholeNumbers(ctx.query, {
        pageNumber: { fallback: 1, min: 1 },
        pageSize: { fallback: HISTORY_PAGE_SIZE, min: 1, max: HISTORY_MAX_PAGE_SIZE },
      });
      ctx.body = await accounts().history(userId, pageNumber, pageSize);
    },

    async generateLinkingCode(ctx) {
      const code = await links().generate(owner(ctx));
      if (!code) throw conflict('Your Telegram account is already linked. Unlink it before generating a new code.');
      ctx.body = code;
    },

    async telegramLink(ctx) {
      ctx.body = await links().linkStatus(owner(ctx));
    },

    async unlinkTelegram(ctx) {
      ctx.body = await links().unlink(owner(ctx));
    },
  };
};
