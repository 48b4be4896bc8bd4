/**
 * A username changed in the panel (the content manager's Users list; the site itself never renames anyone):
 * the boards, the run pages and search show players by name, so once the change commits their kept copies
 * go, on every instance and in the caches in front, and the live boards read again.
 */
import type { Core } from '@strapi/strapi';
import { gameScores } from '../game-score/game-scores';
import { TAGS, invalidateTags } from '../../utils/http-cache';
import { raiseLive } from '../../utils/live-bridge';

const USER = 'plugin::users-permissions.user';

export function registerUsernameChanges(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const data = (context.params as { data?: { username?: unknown } } | undefined)?.data;
    if (context.uid !== USER || context.action !== 'update' || data?.username === undefined) return next();
    return strapi.db.transaction(async ({ onCommit }) => {
      const result = await next();
      onCommit(() => {
        gameScores(strapi).boards.forget();
        void invalidateTags([TAGS.runs]);
        raiseLive('board', { refetch: true });
      });
      return result;
    });
  });
}
