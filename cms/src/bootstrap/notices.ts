import type { Core } from '@strapi/strapi';
import type { NoticesService } from '../api/telegram/services/notices';
import { exclusiveCronTask } from '../utils/cluster';

/** Past every hour: the season that has ended is announced, once, by one instance (a missed hour catches up). */
const SEASON_END_RULE = '5 * * * *';

/**
 * Start-up of the bot's notices to players (api::telegram.notices): they follow the board's live events,
 * their sender starts, and, where cron runs, the hourly check for a season that has ended.
 */
export default async function bootstrapNotices(strapi: Core.Strapi): Promise<void> {
  const notices = strapi.service('api::telegram.notices') as NoticesService;
  notices.start();
  if (!strapi.config.get('server.cron.enabled', false)) return;
  strapi.cron.add({
    telegramSeasonEnd: { task: exclusiveCronTask('telegram-season-end', () => notices.announceSeasonEnd()), options: { rule: SEASON_END_RULE } },
  });
}
