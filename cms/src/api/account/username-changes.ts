/**
 * A username changed in the panel (the content manager's Users list; the site itself never renames anyone):
 * the boards, the run pages and search show players by name, so once the change commits their kept copies
 * go, on every instance and in the caches in front, and the live boards read again.
 */
import type { Core } from '@strapi/strapi';
import { playersShownChanged } from '../game-score/players-shown';
import { raiseLive } from '../../utils/live-bridge';

const USER = 'plugin::users-permissions.user';

export function registerUsernameChanges(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const data = (context.params as { data?: { username?: unknown } } | undefined)?.data;
    if (context.uid !== USER || context.action !== 'update' || data?.username === undefined) return next();
    return strapi.db.transaction(async ({ onCommit }) => {
      const result = await next();
      onCommit(() => {
        void playersShownChanged(strapi);
        raiseLive('board', { refetch: true });
      });
      return result;
    });
  });
}
