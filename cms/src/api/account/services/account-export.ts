/**
 * GET /api/users/export: the signed-in person's data as one JSON document (contract: AccountExport,
 * ACCOUNT_EXPORT_KEYS), written as it is read. Runs and contact messages are read in keyset pages of
 * EXPORT_PAGE_SIZE through their indexes (the history index; the sender index), so an account
 * with 100,000 runs never holds more than one page in memory. Only the keys listed in the contract are
 * written: no hash, token, secret or id of anything.
 */
import { Readable } from 'stream';
import type { Core } from '@strapi/strapi';
import { ACCOUNT_EXPORT_KEYS, type AccountExport, type ExportedContactMessage, type ExportedRun } from '@haic/contract';
import { tableOf } from '../../../utils/db-metadata';
import type { UserRow } from '../../../utils/user-row';
import { exportedWalletOf } from '../../wallet/wallet-store';

const USER = 'plugin::users-permissions.user';
const SCORE = 'api::game-score.game-score';
const CONTACT = 'api::contact-message.contact-message';
const EXPORT_PAGE_SIZE = 1000;

/** The listed keys of a record, in their order. */
const pick = <T>(record: T, keys: readonly (keyof T)[]) => Object.fromEntries(keys.map((key) => [key, record[key]]));
const iso = (value: string | number | Date) => new Date(value).toISOString();

/** A run as the export reads it: the column's own value, as the driver returns it. */
type RunRow = { id: number | string; playedDate: string | number | Date } & Record<
  'score' | 'level' | 'timeElapsed' | 'bonusPoints' | 'totalPoints',
  number | string
> & { verified: boolean | number };

interface ContactRow {
  id: number | string;
  sentDate: string | number | Date;
  name: string;
  email: string;
  subject: string;
  message: string;
}

const createAccountExportService = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;

  /** An account's runs, newest first, one page at a time (keyset on the history index). */
  async function* runsOf(userId: number): AsyncGenerator<ExportedRun[]> {
    const { table, column } = tableOf(strapi, SCORE);
    const played = column('playedDate');
    let after: { played: string | number | Date; id: number } | null = null;
    for (;;) {
      const query = knex()(table)
        .select('id', ...ACCOUNT_EXPORT_KEYS.gameRun.map((field) => `${column(field)} as ${field}`))
        .where(column('playerKey'), `u:${userId}`)
        .orderBy([
          { column: played, order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(EXPORT_PAGE_SIZE);
      if (after) {
        // A range on the index from the last run on (an OR of the two cases would make the database
        // read the player's entries from the start on every page); the few runs of the same moment
        // already written are filtered out.
        const { played: at, id } = after;
        query.andWhere(played, '<=', at).andWhereNot((same) => same.where(played, at).andWhere('id', '>=', id));
      }
      const rows: RunRow[] = await query;
      yield rows.map((row) => ({
        playedDate: iso(row.playedDate),
        score: Number(row.score),
        level: Number(row.level),
        timeElapsed: Number(row.timeElapsed),
        bonusPoints: Number(row.bonusPoints),
        totalPoints: Number(row.totalPoints),
        verified: Boolean(row.verified),
      }));
      if (rows.length < EXPORT_PAGE_SIZE) return;
      const last = rows[rows.length - 1];
      // The column's own value (read raw, as stored), so the next page starts exactly after it.
      after = { played: last.playedDate, id: Number(last.id) };
    }
  }

  /**
   * The messages the account provably sent: those sent while signed in to it, newest first, one page at a time.
   * Never those that merely name its email address: nobody checked that address, and anyone may type it.
   */
  async function* contactMessagesOf(userId: number): AsyncGenerator<ExportedContactMessage[]> {
    const { table, column } = tableOf(strapi, CONTACT);
    const sender = column('senderAccountId');
    let afterId: number | null = null;
    for (;;) {
      const query = knex()(table)
        .select('id', `${column('createdAt')} as sentDate`, 'name', 'email', 'subject', 'message')
        .where(sender, userId)
        .orderBy('id', 'desc')
        .limit(EXPORT_PAGE_SIZE);
      if (afterId !== null) query.andWhere('id', '<', afterId);
      const rows: ContactRow[] = await query;
      yield rows.map((row) => ({ sentDate: iso(row.sentDate), name: row.name, email: row.email, subject: row.subject, message: row.message }));
      if (rows.length < EXPORT_PAGE_SIZE) return;
      afterId = Number(rows[rows.length - 1].id);
    }
  }

  /** A JSON array written a page at a time (one chunk per page, one item per line). */
  async function* jsonArray<T>(pages: AsyncIterable<T[]>, keys: readonly (keyof T)[]): AsyncGenerator<string> {
    let first = true;
    yield '[';
    for await (const page of pages) {
      if (!page.length) continue;
      yield `${first ? '' : ','}\n    ${page.map((item) => JSON.stringify(pick(item, keys))).join(',\n    ')}`;
      first = false;
    }
    yield first ? ']' : '\n  ]';
  }

  return {
    /** The document for the user, as a stream of JSON text; null when the account no longer exists. */
    async exportOf(userId: number, now = new Date()): Promise<Readable | null> {
      const user: UserRow | null = await strapi.db.query(USER).findOne({
        where: { id: userId },
        select: ['username', 'email', 'firstName', 'lastName', 'bio', 'createdAt', 'telegramId', 'telegramUsername'],
      });
      if (!user) return null;
      const head: Pick<AccountExport, 'exportedAt' | 'account' | 'chatAccounts' | 'xrplWallet'> = {
        exportedAt: now.toISOString(),
        account: {
          username: user.username,
          email: user.email,
          firstName: user.firstName ?? '',
          lastName: user.lastName ?? '',
          bio: user.bio ?? '',
          createdDate: iso(user.createdAt),
        },
        chatAccounts: user.telegramId ? [{ service: 'telegram' as const, username: user.telegramUsername ?? null }] : [],
        xrplWallet: await exportedWalletOf(knex(), userId),
      };
      const K = ACCOUNT_EXPORT_KEYS;
      async function* document(): AsyncGenerator<string> {
        yield `{\n  "exportedAt": ${JSON.stringify(head.exportedAt)},\n`;
        yield `  "account": ${JSON.stringify(pick(head.account, K.account))},\n`;
        yield `  "chatAccounts": ${JSON.stringify(head.chatAccounts.map((chat) => pick(chat, K.chatAccount)))},\n`;
        yield `  "xrplWallet": ${JSON.stringify(head.xrplWallet && pick(head.xrplWallet, K.xrplWallet))},\n`;
        yield '  "gameRuns": ';
        yield* jsonArray(runsOf(userId), K.gameRun);
        yield ',\n  "contactMessages": ';
        yield* jsonArray(contactMessagesOf(userId), K.contactMessage);
        yield '\n}\n';
      }
      const stream = Readable.from(document(), { objectMode: false });
      stream.on('error', (error) => strapi.log.error(`[accounts] data export for user ${userId} failed while streaming: ${error.message}`));
      return stream;
    },
  };
};

export type AccountExportService = ReturnType<typeof createAccountExportService>;

export default createAccountExportService;
