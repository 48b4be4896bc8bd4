/**
 * Reads of the runs played (api::game-score.history): an account's game history, page by page (GET
 * /api/users/:id/game-history), its stats from the kept figures (GET /api/users/:id/stats), and one run's
 * public page (GET /api/runs/:id and the server-rendered /runs/:id).
 */
import type { Core } from '@strapi/strapi';
import { RUN_ID_PATTERN, type GameHistoryPage, type PublicRun, type UserStats } from '@haic/contract';
import { invalidField, notFound } from '../../../utils/api-error';
import { figuresOf, playerKey, runsModel } from '../figures-store';
import { badgesOfUser } from '../../wallet/wallet-store';
import { playerName } from './boards';

const UID = 'api::game-score.game-score';

/** The run id of a path: 400 naming `id` unless it has the shape of one (read before any query). */
export function parseRunId(id: unknown): string {
  if (typeof id !== 'string' || !RUN_ID_PATTERN.test(id)) throw invalidField('id', 'id must be a run id: 24 lowercase letters or digits');
  return id;
}

/** A run as its page reads it. */
interface PublicRunRow {
  documentId: string;
  guestWallet: string | null;
  score: number;
  level: number;
  timeElapsed: number;
  bonusPoints: number;
  totalPoints: number;
  playedDate: string | Date;
  verified: boolean | null;
  inputLog: string | null;
  seed: number | string | null;
  user: { id: number | string; username: string | null } | null;
}

/** A run as a history page reads it (pg answers some numbers as text). */
interface HistoryRow {
  playedDate: string | Date;
  level: number | string;
  score: number | string;
  bonusPoints: number | string;
  totalPoints: number | string;
  timeElapsed: number | string;
  verified: boolean | number | null;
  documentId: string;
}

export interface HistoryService {
  historyOf(userId: number, pageNumber: number, pageSize: number): Promise<GameHistoryPage>;
  statsOf(userId: number): Promise<UserStats>;
  publicRun(id: string): Promise<PublicRun | null>;
  runOr404(id: unknown): Promise<PublicRun>;
}

export default ({ strapi }: { strapi: Core.Strapi }): HistoryService => {
  const knex = () => strapi.db.connection;
  const accountKey = (userId: number) => playerKey({ userId, guestWallet: null });

  const service: HistoryService = {
    /**
     * One page of an account's runs, newest first. The page's ids are read from the history index alone
     * (a deep page skips index entries, never rows), then only those rows are fetched; the total is the
     * kept games-played figure.
     */
    async historyOf(userId, pageNumber, pageSize) {
      const runs = runsModel(strapi.db);
      const order = [
        { column: runs.column('playedDate'), order: 'desc' },
        { column: 'id', order: 'desc' },
      ];
      const pageIds = knex()(runs.table)
        .select('id')
        .where(runs.column('playerKey'), accountKey(userId))
        .orderBy(order)
        .offset((pageNumber - 1) * pageSize)
        .limit(pageSize);
      const fields = ['playedDate', 'level', 'score', 'bonusPoints', 'totalPoints', 'timeElapsed', 'verified', 'documentId'] as const;
      const [rows, figures]: [HistoryRow[], UserStats] = await Promise.all([
        knex()(runs.table)
          .select(fields.map((field) => `${runs.column(field)} as ${field}`))
          .whereIn('id', pageIds)
          .orderBy(order),
        service.statsOf(userId),
      ]);
      const games = rows.map((row) => ({
        playedDate: new Date(row.playedDate).toISOString(),
        level: Number(row.level),
        score: Number(row.score),
        bonusPoints: Number(row.bonusPoints),
        totalPoints: Number(row.totalPoints),
        timeElapsed: Number(row.timeElapsed),
        verified: Boolean(row.verified),
        // The run's page (/runs/{runId}).
        runId: row.documentId,
      }));
      const totalGames = figures.gamesPlayed;
      return { games, totalGames, totalPages: Math.ceil(totalGames / pageSize), pageNumber, pageSize };
    },

    /** gamesPlayed, totalPoints and highScore of an account, from its kept figures. */
    async statsOf(userId) {
      return figuresOf(knex(), accountKey(userId));
    },

    /** One run by its id (Strapi's document index), or null, with its player's wallet badges. Only a verified run's log is given out, to replay. */
    async publicRun(id) {
      const row: PublicRunRow | null = await strapi.db.query(UID).findOne({
        where: { documentId: id },
        select: ['documentId', 'guestWallet', 'score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints', 'playedDate', 'verified', 'inputLog', 'seed'],
        populate: { user: { select: ['id', 'username'] } },
      });
      if (!row) return null;
      const userId = row.user ? Number(row.user.id) : null;
      const verified = Boolean(row.verified);
      const replayable = verified && typeof row.inputLog === 'string' && row.inputLog !== '' && row.seed !== null && row.seed !== undefined;
      return {
        id: row.documentId,
        player: playerName(userId, row.user?.username ?? null, row.guestWallet ?? null),
        totalPoints: Number(row.totalPoints),
        score: Number(row.score),
        bonusPoints: Number(row.bonusPoints),
        level: Number(row.level),
        timeElapsed: Number(row.timeElapsed),
        playedDate: new Date(row.playedDate).toISOString(),
        verified,
        inputLog: replayable ? row.inputLog : null,
        seed: replayable ? Number(row.seed) : null,
        ...(await badgesOfUser(knex(), userId)),
      };
    },

    /** GET /api/runs/:id: 400 for a malformed id, 404 for none. */
    async runOr404(id) {
      const run = await service.publicRun(parseRunId(id));
      if (!run) throw notFound('No run has this id');
      return run;
    },
  };
  return service;
};
