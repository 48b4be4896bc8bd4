/**
 * The players' pages: one stored run, public (GET /api/runs/:id and the server-rendered /runs/:id), and a
 * weekly season's standings (GET /api/leaderboard/seasons/:season). A run is a row of game_scores, so it
 * goes when its account's rows go; its log and seed are stored with it when it is submitted.
 */
import {
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
  RUN_ID_PATTERN,
  seasonEnd,
  seasonKeyOf,
  seasonStart,
  type PublicRun,
  type SeasonStandings,
} from '@haic/contract';
import type { Core } from '@strapi/strapi';
import { invalidField, notFound } from '../../../utils/api-error';
import { readWholeNumbers } from '../../../utils/query-params';
import { boardRows } from '../figures-store';
import { entryOf, playerName } from '../standings';

const UID = 'api::game-score.game-score';
const USER_UID = 'plugin::users-permissions.user';

/** The run id of a path: 400 naming `id` unless it has the shape of one (read before any query). */
export function parseRunId(id: unknown): string {
  if (typeof id !== 'string' || !RUN_ID_PATTERN.test(id)) throw invalidField('id', 'id must be a run id: 24 lowercase letters or digits');
  return id;
}

/** A season key and the board limit: 400 naming `season` (not a Monday, or a week not begun) or `limit`. */
export function parseSeasonQuery(season: unknown, query: Record<string, unknown>, now = new Date()) {
  const start = typeof season === 'string' ? seasonStart(season) : null;
  if (!start) throw invalidField('season', 'season must be the date of a Monday, YYYY-MM-DD (seasons start on Monday 00:00 UTC)');
  if (start.getTime() > now.getTime()) throw invalidField('season', 'season must be a week that has begun');
  const { limit } = readWholeNumbers(query, { limit: { fallback: LEADERBOARD_DEFAULT_LIMIT, min: 1, max: LEADERBOARD_MAX_LIMIT } });
  return { season: season as string, start, limit };
}

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  const usersTable = () => strapi.db.metadata.get(USER_UID).tableName;

  return {
    /** One run by its id (Strapi's document index), or null. Only a verified run's log is given out, to replay. */
    async publicRun(id: string): Promise<PublicRun | null> {
      const row: any = await strapi.db.query(UID).findOne({
        where: { documentId: id },
        select: ['documentId', 'guestWallet', 'score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints', 'playedDate', 'verified', 'inputLog', 'seed'],
        populate: { user: { select: ['id', 'username'] } },
      });
      if (!row) return null;
      const verified = Boolean(row.verified);
      const replayable = verified && typeof row.inputLog === 'string' && row.inputLog !== '' && row.seed !== null && row.seed !== undefined;
      return {
        id: row.documentId,
        player: playerName(row.user ? Number(row.user.id) : null, row.user?.username ?? null, row.guestWallet ?? null),
        totalPoints: Number(row.totalPoints),
        score: Number(row.score),
        bonusPoints: Number(row.bonusPoints),
        level: Number(row.level),
        timeElapsed: Number(row.timeElapsed),
        playedDate: new Date(row.playedDate).toISOString(),
        verified,
        inputLog: replayable ? row.inputLog : null,
        seed: replayable ? Number(row.seed) : null,
      };
    },

    /** GET /api/runs/:id: 400 for a malformed id, 404 for none. */
    async runOr404(id: unknown): Promise<PublicRun> {
      const run = await this.publicRun(parseRunId(id));
      if (!run) throw notFound('No run has this id');
      return run;
    },

    /**
     * A weekly season's standings: that week's rows of the board alone (the weekly window filed under its
     * Monday), best first. Final once the season has ended.
     */
    async seasonStandings(season: string, start: Date, limit: number, now = new Date()): Promise<SeasonStandings> {
      const rows = await boardRows(knex(), usersTable(), 'week', season, limit);
      return {
        season,
        startsAt: start.toISOString(),
        endsAt: seasonEnd(start).toISOString(),
        ended: seasonKeyOf(now) !== season,
        entries: rows.map((row, i) => entryOf(row, i + 1)),
      };
    },
  };
};
