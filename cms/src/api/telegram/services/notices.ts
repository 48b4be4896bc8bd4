/**
 * The players' Telegram notices (api::telegram.notices): what the bot tells a linked player, queued in the
 * outbox (services/outbox.ts sends it) and never on a request's path.
 * - Someone takes their place in this week's top 10: after each board event naming the week (any
 *   instance's, utils/live-bridge.ts), the week's top 10 is compared with the one last seen (kept per season,
 *   under a cluster lock, so each change is seen once); every account that lost a place is told who took it.
 * - A season ends: on the hourly check (one instance per tick), the week that has just ended, once, each
 *   linked player of it with their final rank.
 * - Notices are on for a linked player until they switch them off on /profile; never-linked players get none.
 *   At most one message per player per hour (checked again as it is sent).
 * Nothing is queued without a bot token (TELEGRAM_BOT_TOKEN).
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { pastSeasonKeys, seasonKeyOf, type LiveBoardChange, type TelegramNoticesStatus } from '@haic/contract';
import { conflict } from '../../../utils/api-error';
import { runExclusive } from '../../../utils/cluster';
import { onLiveEvent } from '../../../utils/live-bridge';
import { siteOrigin } from '../../../utils/public-url';
import { BESTS_TABLE } from '../../game-score/figures-store';
import { gameScores } from '../../game-score/game-scores';
import { enqueue, playerRow, SEASONS_TABLE, setNoticesOff, type NoticeKind } from '../notices-store';
import { HOUR_MS, sendMessageUrl, type OutboxService } from './outbox';

const USER = 'plugin::users-permissions.user';
const TOP = 10;
const SEASON_PAGE = 500;

const weekLabel = (season: string) =>
  new Date(`${season}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const footer = () => `Switch these messages off on your profile: ${siteOrigin()}/profile`;

/** The bot's words: one owner for each message. */
export const NOTICE_TEXTS = {
  passed: (by: string, was: number, now: number | null) =>
    `${by} just took your place in this week's top 10 on the HAIC leaderboard: you were #${was}, ` +
    `${now === null ? 'and are now outside the top 10' : `now #${now}`}. Win it back: ${siteOrigin()}/games/nurse-help-me\n\n${footer()}`,
  seasonEnded: (season: string, rank: number, players: number) =>
    `The week of ${weekLabel(season)} is over: you finished #${rank} of ${players} player${players === 1 ? '' : 's'} on the HAIC leaderboard. ` +
    `A new week has begun: ${siteOrigin()}/leaderboard\n\n${footer()}`,
};

const createNotices = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = (): Knex => strapi.db.connection;
  const outbox = () => strapi.service('api::telegram.outbox') as OutboxService;
  const boards = () => gameScores(strapi).boards;
  const weeksToCheck = new Set<string>();
  let checking: Promise<void> | null = null;

  /** Of these accounts, the ones linked to a chat with notices on, and their last notice. */
  async function reachable(userIds: number[]): Promise<Map<number, number | null>> {
    const found = new Map<number, number | null>();
    if (!userIds.length) return found;
    const linked: { id: number }[] = await strapi.db.query(USER).findMany({ where: { id: { $in: userIds }, telegramId: { $notNull: true } }, select: ['id'] });
    for (const { id } of linked) {
      const player = await playerRow(knex(), id);
      if (!player?.notices_off) found.set(id, player?.last_notice_at ?? null);
    }
    return found;
  }

  async function queue(userId: number, kind: NoticeKind, key: string, text: string): Promise<void> {
    await enqueue(knex(), { userId, kind, key, text });
  }

  /** Compares the week's top 10 with the one last seen; tells each account that lost a place (see the top). */
  async function checkWeek(season: string): Promise<void> {
    const top = await boards().topPlayers('week', season, TOP);
    const keys = top.map((player) => player.playerKey);
    const row: { top: string } | undefined = await knex()(SEASONS_TABLE).where({ season }).first('top');
    await knex().raw(`insert into ${SEASONS_TABLE} (season, top) values (?, ?) on conflict (season) do update set top = excluded.top`, [
      season,
      JSON.stringify(keys),
    ]);
    const before: string[] = row ? JSON.parse(row.top) : keys;
    // Each account that lost a place, and the best placed of those now ahead of it that were not before: who took it.
    const passed = before.flatMap((key, i) => {
      const now = keys.indexOf(key) === -1 ? null : keys.indexOf(key) + 1;
      if (!key.startsWith('u:') || (now !== null && now <= i + 1)) return [];
      const by = top.slice(0, (now ?? TOP + 1) - 1).find((ahead) => !before.slice(0, i).includes(ahead.playerKey));
      return by ? [{ userId: Number(key.slice(2)), was: i + 1, now, by: by.name }] : [];
    });
    const now = Date.now();
    const players = await reachable(passed.map((p) => p.userId));
    for (const p of passed) {
      if (!players.has(p.userId) || (players.get(p.userId) ?? -Infinity) > now - HOUR_MS) continue;
      await queue(p.userId, 'passed', `passed:${p.userId}:${season}:${Math.floor(now / HOUR_MS)}`, NOTICE_TEXTS.passed(p.by, p.was, p.now));
    }
  }

  /** Checks the weeks named since the last check, one check at a time on this instance. */
  function checkWeeks(): void {
    if (checking) return;
    checking = (async () => {
      while (weeksToCheck.size) {
        const [season] = weeksToCheck;
        weeksToCheck.delete(season);
        await runExclusive(`telegram-week-top:${season}`, () => checkWeek(season), { wait: true });
      }
      await outbox().drain();
    })()
      .catch((error: Error) => {
        strapi.log.error(`telegram: the week's top 10 could not be checked: ${error.message}`, { type: 'telegram-notices' });
      })
      .finally(() => {
        checking = null;
        if (weeksToCheck.size) checkWeeks();
      });
  }

  const notices = {
    /** Whether an account gets notices: linked, and not switched off. */
    async enabled(userId: number): Promise<boolean> {
      const user: { telegramId?: string | null } | null = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['telegramId'] });
      return !!user?.telegramId && !(await playerRow(knex(), userId))?.notices_off;
    },

    /** The switch on /profile: 409 when turning it on for an account that is not linked. */
    async setEnabled(userId: number, enabled: boolean): Promise<TelegramNoticesStatus> {
      const user: { telegramId?: string | null } | null = await strapi.db.query(USER).findOne({ where: { id: userId }, select: ['telegramId'] });
      if (enabled && !user?.telegramId) throw conflict('Link your Telegram account first: notices are sent to the linked chat.');
      await setNoticesOff(knex(), userId, !enabled);
      return { notices: enabled };
    },

    /** A board event: the week it names is checked (the one in play only; an ended week's end is announced). */
    onBoardChange(change: Partial<LiveBoardChange> & { refetch?: boolean }): void {
      if (!sendMessageUrl()) return;
      const season = seasonKeyOf(new Date());
      if (change.refetch || (change.periods?.includes('week') && change.season === season)) {
        weeksToCheck.add(season);
        checkWeeks();
      }
    },

    /** The season that ended last: its linked players, each with their final rank, once (whichever instance runs it). */
    async announceSeasonEnd(now = new Date()): Promise<number> {
      if (!sendMessageUrl()) return 0;
      const [season] = pastSeasonKeys(now, 1);
      const result = await runExclusive(
        `telegram-season-end:${season}`,
        async () => {
          const row: { announced_at: unknown } | undefined = await knex()(SEASONS_TABLE).where({ season }).first('announced_at');
          if (row?.announced_at) return 0;
          const counted: { n?: unknown } | undefined = await knex()(BESTS_TABLE).where({ period: 'week', period_key: season }).count({ n: '*' }).first();
          const players = Number(counted?.n ?? 0);
          let queued = 0;
          for (let offset = 0; offset < players; offset += SEASON_PAGE) {
            const page = await boards().topPlayers('week', season, SEASON_PAGE, offset);
            const ranks = new Map(page.flatMap((player, i) => (player.userId === null ? [] : [[player.userId, offset + i + 1] as const])));
            for (const userId of (await reachable([...ranks.keys()])).keys()) {
              await queue(userId, 'season', `season:${season}:${userId}`, NOTICE_TEXTS.seasonEnded(season, ranks.get(userId)!, players));
              queued += 1;
            }
          }
          await knex().raw(
            `insert into ${SEASONS_TABLE} (season, top, announced_at) values (?, '[]', ?) on conflict (season) do update set announced_at = excluded.announced_at`,
            [season, Date.now()],
          );
          return queued;
        },
        { wait: true },
      );
      if (result.value) await outbox().drain();
      return result.value ?? 0;
    },

    /** Listens for board events and starts the sender (only with a bot token). */
    start(): void {
      onLiveEvent((event) => {
        if (event.topic === 'board') notices.onBoardChange(event.data);
      });
      outbox().start();
    },
  };
  return notices;
};

export type NoticesService = ReturnType<typeof createNotices>;

export default createNotices;
