/**
 * Deleting a site account: one cascade for both roads, the owner's POST /api/users/delete-account and
 * an administrator's delete in the panel's Users list (the content manager). Both delete the
 * users-permissions user through the document service; the middleware registered here runs the cascade
 * in the same transaction as the user's own row, so a failure anywhere leaves the account whole.
 *
 * What goes: linking codes, the Telegram link (columns of the user row) and the bot's notices to it, the XRPL
 * wallet link and its challenge, game runs with the run tickets they used, the per-player figures and every
 * board's bests, stored sessions, the user. What stays: contact messages (the team must still answer them),
 * without the account they were sent from. Once committed, the cached boards and pages are dropped so the
 * player leaves every leaderboard at once.
 */
import type { Knex } from 'knex';
import type { Core } from '@strapi/strapi';
import { joinTableOf, tableOf } from '../../../utils/db-metadata';
import { TAGS, invalidateTags } from '../../../utils/http-cache';
import { raiseLive } from '../../../utils/live-bridge';
import { gameScores } from '../../game-score/game-scores';
import { removeWalletOf } from '../../wallet/wallet-store';
import { removeNoticesOf } from '../../telegram/notices-store';

const USER = 'plugin::users-permissions.user';
const CODE = 'api::linking-code.linking-code';
const CONTACT = 'api::contact-message.contact-message';
const SESSION = 'admin::session';

export interface AccountRemovalService {
  removeDependents(trx: Knex.Transaction, userId: number): Promise<void>;
  removeLinkingCodes(trx: Knex.Transaction, userId: number): Promise<void>;
  forgetContactSender(trx: Knex.Transaction, userId: number): Promise<void>;
  removeGameData(trx: Knex.Transaction, userId: number): Promise<void>;
  removeSessions(userId: number): Promise<void>;
  afterRemoval(): void;
}

export default ({ strapi }: { strapi: Core.Strapi }): AccountRemovalService => ({
  /** Everything of the account but its own row, inside the deleting transaction (in this order). */
  async removeDependents(trx, userId) {
    await this.removeLinkingCodes(trx, userId);
    await this.forgetContactSender(trx, userId);
    // The XRPL address is free for another account once this commits.
    await removeWalletOf(trx, userId);
    await this.removeGameData(trx, userId);
    await this.removeSessions(userId);
  },

  async removeLinkingCodes(trx, userId) {
    // The bot's queued notices and the player's switch go with the link.
    await removeNoticesOf(trx, userId);
    const link = joinTableOf(strapi, CODE, 'user');
    const codes = trx(link.name).select(link.joinColumn).where(link.inverseJoinColumn, userId);
    await trx(tableOf(strapi, CODE).table).whereIn('id', codes).del();
    await trx(link.name).where(link.inverseJoinColumn, userId).del();
  },

  async forgetContactSender(trx, userId) {
    const { table, column } = tableOf(strapi, CONTACT);
    await trx(table)
      .where(column('senderAccountId'), userId)
      .update({ [column('senderAccountId')]: null });
  },

  async removeGameData(trx, userId) {
    await gameScores(strapi).runs.removeRunsOf(trx, userId);
  },

  /** Refresh-token sessions, when a deployment turns them on (site tokens are otherwise stateless and die with the user). */
  async removeSessions(userId) {
    if (!strapi.db.metadata.has(SESSION)) return;
    await strapi.db.query(SESSION).deleteMany({ where: { userId: String(userId), origin: 'users-permissions' } });
  },

  afterRemoval() {
    gameScores(strapi).boards.forget();
    // Pages kept with a board or the player's name in them are rebuilt, here, on every instance and in the
    // caches in front.
    void invalidateTags([TAGS.board, TAGS.site]);
    // Every board and season may have lost a row: whoever shows one reads it again.
    raiseLive('board', { refetch: true });
  },
});

/** Every deletion of a site user, from any road, runs the cascade in its transaction. */
export function registerAccountRemoval(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const documentId = (context.params as { documentId?: unknown } | undefined)?.documentId;
    if (context.uid !== USER || context.action !== 'delete' || typeof documentId !== 'string') return next();
    const removal = strapi.service('api::account.account-removal') as unknown as AccountRemovalService;
    return strapi.db.transaction(async ({ trx, onCommit }) => {
      const users: Array<{ id: number }> = await strapi.db.query(USER).findMany({ where: { documentId }, select: ['id'] });
      for (const user of users) await removal.removeDependents(trx, user.id);
      const result = await next();
      if (users.length) {
        onCommit(() => {
          removal.afterRemoval();
          strapi.log.info(`[accounts] deleted account ${users.map((user) => user.id).join(', ')} with its runs, linking codes and sessions`);
        });
      }
      return result;
    });
  });
}
