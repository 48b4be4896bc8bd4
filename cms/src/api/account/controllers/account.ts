import type { Context } from 'koa';
import type { Core } from '@strapi/strapi';
import { HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE, accountExportFileName, type TelegramLinkStatus, type TelegramNoticesRequest } from '@haic/contract';
import { cachePolicy } from '../../../edge/cache-policy';
import { conflict, invalidField, unauthorized } from '../../../utils/api-error';
import { readWholeNumbers } from '../../../utils/query-params';
import { clientLimitKey } from '../../../utils/client-address';
import { fieldsOf } from '../../../utils/fields';
import { ownAccountId } from '../../../utils/owner';
import type { LinkingCodeService } from '../../linking-code/services/linking-code';
import type { NoticesService } from '../../telegram/services/notices';
import type { AccountService } from '../services/account';
import type { AccountExportService } from '../services/account-export';

/** Thin: read the request, call the services, answer. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const accounts = () => strapi.service('api::account.account') as AccountService;
  const links = () => strapi.service('api::linking-code.linking-code') as LinkingCodeService;
  const notices = () => strapi.service('api::telegram.notices') as NoticesService;
  const me = (ctx: Context) => ctx.state.user.id as number;
  /** /api/users/{id}/...: only the owner of {id}. */
  const owner = ownAccountId;

  return {
    async register(ctx: Context) {
      ctx.body = await accounts().register(fieldsOf(ctx.request.body));
    },

    async login(ctx: Context) {
      ctx.body = await accounts().login(clientLimitKey(ctx), fieldsOf(ctx.request.body));
    },

    async logout(ctx: Context) {
      ctx.body = await accounts().logout(me(ctx));
    },

    async changePassword(ctx: Context) {
      ctx.body = await accounts().changePassword(clientLimitKey(ctx), me(ctx), fieldsOf(ctx.request.body));
    },

    async exportData(ctx: Context) {
      const now = new Date();
      const stream = await (strapi.service('api::account.account-export') as AccountExportService).exportOf(me(ctx), now);
      if (!stream) throw unauthorized('You must be signed in to do this');
      ctx.set('Content-Disposition', `attachment; filename="${accountExportFileName(now)}"`);
      ctx.set('Cache-Control', cachePolicy.private());
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = stream;
    },

    async deleteAccount(ctx: Context) {
      ctx.body = await accounts().deleteAccount(clientLimitKey(ctx), me(ctx), fieldsOf(ctx.request.body));
    },

    async getProfile(ctx: Context) {
      ctx.body = await accounts().getProfile(me(ctx));
    },

    async updateProfile(ctx: Context) {
      ctx.body = await accounts().updateProfile(me(ctx), fieldsOf(ctx.request.body));
    },

    async stats(ctx: Context) {
      ctx.body = await accounts().stats(owner(ctx));
    },

    async history(ctx: Context) {
      const userId = owner(ctx);
      const { pageNumber, pageSize } = readWholeNumbers(ctx.query, {
        pageNumber: { fallback: 1, min: 1 },
        pageSize: { fallback: HISTORY_PAGE_SIZE, min: 1, max: HISTORY_MAX_PAGE_SIZE },
      });
      ctx.body = await accounts().history(userId, pageNumber, pageSize);
    },

    async generateLinkingCode(ctx: Context) {
      const code = await links().generate(owner(ctx));
      if (!code) throw conflict('Your Telegram account is already linked. Unlink it before generating a new code.');
      ctx.body = code;
    },

    async telegramLink(ctx: Context) {
      const userId = owner(ctx);
      ctx.body = { ...(await links().linkStatus(userId)), notices: await notices().enabled(userId) } satisfies TelegramLinkStatus;
    },

    async telegramNotices(ctx: Context) {
      const userId = owner(ctx);
      const { enabled } = fieldsOf(ctx.request.body) as Partial<TelegramNoticesRequest>;
      if (typeof enabled !== 'boolean') throw invalidField('enabled', 'enabled must be true or false');
      ctx.body = await notices().setEnabled(userId, enabled);
    },

    async unlinkTelegram(ctx: Context) {
      ctx.body = await links().unlink(owner(ctx));
    },
  };
};
