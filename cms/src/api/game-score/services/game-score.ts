/**
 * Run storage (api::game-score.game-score, the stored runs' own service): where a run is accepted
 * (submitScore), where a guest's runs move to an account (claimGuestRuns) and where an account's runs
 * leave (removeRunsOf). A run is a row of game_scores; storing one also writes its ticket's use and its
 * player's kept figures (figures-store.ts), in one transaction.
 *
 * Accepting a run, in order: the body is read (submission.ts: 400/401/403 naming what is wrong); the same
 * sessionId again answers the stored row; the ticket is checked without a replay (services/tickets.ts);
 * the log is replayed and must give the claimed numbers (replay.ts); then the run is stored, ranked only
 * when its ticket held and was still unused.
 */
import { factories } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { ScoreResult, StoredScore } from '@haic/contract';
import { invalidField } from '../../../utils/api-error';
import { raiseLive } from '../../../utils/live-bridge';
import { announceRankedRun } from '../board-events';
import { applyRuns, playerKey, removePlayer, runsModel, type RunFigures } from '../figures-store';
import { GAME_SCORE_SERVICE_IDS } from '../service-ids';
import type { BoardsService } from './boards';
import { readGuestWallet, readWalletSecret } from '../guest-identity';
import { logHash, proveByReplay, sha256 } from '../replay';
import { readSubmission, type RunOwner, type Submission, type Submitter } from '../submission';
import { ALREADY_VERIFIED, type TicketClaim, type TicketsService } from './tickets';

const UID = GAME_SCORE_SERVICE_IDS.runs;

/** A stored run as this service reads it back. */
interface RunRow extends ScoreResult {
  id: number;
  documentId: string;
  sessionId: string;
  playedDate: string;
  verified: boolean | null;
  guestWallet: string | null;
  guestSecretHash?: string | null;
  user?: { id: number } | null;
}

type Owner = Pick<RunOwner, 'userId' | 'guestWallet'>;

/** What the API answers for a stored score. */
function present(row: RunRow): StoredScore {
  const { id, documentId, sessionId, score, level, timeElapsed, bonusPoints, totalPoints, playedDate } = row;
  return { id, documentId, sessionId, score, level, timeElapsed, bonusPoints, totalPoints, playedDate, guest: !row.user, verified: Boolean(row.verified) };
}

/** A stored run's numbers as its player's figures count them. */
const figuresOfRow = (row: RunRow, owner: Owner): RunFigures => ({
  scoreId: row.id,
  userId: owner.userId,
  guestWallet: owner.userId === null ? owner.guestWallet : null,
  totalPoints: row.totalPoints,
  score: row.score,
  bonusPoints: row.bonusPoints,
  level: row.level,
  timeElapsed: row.timeElapsed,
  playedAt: new Date(row.playedDate).getTime(),
  verified: Boolean(row.verified),
});

// A type, not an interface: Strapi's core service takes it only with an index signature.
export type RunStorage = {
  submitScore(body: unknown, submitter: Submitter): Promise<StoredScore>;
  claimGuestRuns(body: unknown, userId: number): Promise<{ moved: number }>;
  removeRunsOf(trx: Knex, userId: number): Promise<void>;
};

export default factories.createCoreService(UID, ({ strapi }) => {
  // Its siblings, reached by their ids: the run storage is one of the services game-scores.ts hands out.
  const services = () => ({
    tickets: strapi.service(GAME_SCORE_SERVICE_IDS.tickets) as unknown as TicketsService,
    boards: strapi.service(GAME_SCORE_SERVICE_IDS.boards) as unknown as BoardsService,
  });

  const findBySession = async (sessionId: string): Promise<RunRow | null> =>
    strapi.db.query(UID).findOne({ where: { sessionId }, populate: { user: { select: ['id'] } } });

  /** The same sessionId posted again by the same submitter answers the stored row; by someone else it is refused. */
  function existingFor(row: RunRow, owner: Owner): StoredScore {
    const sameOwner = owner.userId !== null ? row.user?.id === owner.userId : !row.user && row.guestWallet === owner.guestWallet;
    if (!sameOwner) throw invalidField('sessionId', 'This sessionId has already been used for another score');
    return present(row);
  }

  /**
   * Whether the run may rank, and the replay that proves its numbers. A run whose ticket fails is stored
   * unverified and never replayed. A run with a ticket that holds, or without a ticket (checked as before
   * tickets), is replayed: the claimed numbers must be the replay's (400 naming the field otherwise).
   * Answers the ticket and log to mark used (settled again when the run is stored), or why the run does not rank.
   */
  async function verify(run: Submission): Promise<{ claim: TicketClaim | null; reason: string | null }> {
    if (run.log === null) return { claim: null, reason: 'The run has no input log to replay' };
    let claim: TicketClaim | null = null;
    if (run.ticket !== null) {
      const owner = run.userId !== null ? { userId: run.userId } : { userId: null, guestWallet: run.guestWallet };
      const checked = await services().tickets.check(run.ticket, owner, { seed: run.seed, steps: run.log.steps, logHash: logHash(run.log) });
      if ('reason' in checked) return { claim: null, reason: checked.reason };
      claim = checked.claim;
    }
    await proveByReplay(run.log, run.seed, run.numbers);
    return claim ? { claim, reason: null } : { claim: null, reason: 'The run was played without a run ticket' };
  }

  const storage: RunStorage = {
    /** POST /api/game/nursehelpme/score: accepts a run once per sessionId (see the top of this file). */
    async submitScore(body, submitter) {
      const run = readSubmission(body, submitter);
      const existing = await findBySession(run.sessionId);
      if (existing) return existingFor(existing, run);

      const { claim, reason } = await verify(run);
      let unverifiedReason = reason;
      try {
        const created = await strapi.db.transaction(async ({ trx }) => {
          // A ticket verifies one run, and a log ranks once: whoever marks them first.
          const verified = claim !== null && (await services().tickets.claim(trx, claim));
          if (claim && !verified) unverifiedReason = ALREADY_VERIFIED;
          const row = (await strapi.documents(UID).create({
            data: {
              ...run.numbers,
              sessionId: run.sessionId,
              verified,
              guestWallet: run.guestWallet,
              guestSecretHash: run.guestSecretHash,
              user: run.userId ?? null,
              playerKey: playerKey(run),
              playedDate: new Date().toISOString(),
              // Kept for the run's page: its replay and races against it (services/history.ts).
              inputLog: run.log?.text ?? null,
              seed: run.log === null ? null : run.seed,
            },
          })) as unknown as RunRow;
          if (verified && claim) await services().tickets.linkToRun(trx, claim.runId, row.id);
          await applyRuns(trx, [figuresOfRow(row, run)]);
          return row;
        });
        if (created.verified) {
          services().boards.forget();
          // Committed: the live board event (utils/live-bridge.ts), after the response's own work.
          const ranked = { scoreId: created.id, runId: created.documentId, playerKey: playerKey(run), playedAt: new Date(created.playedDate) };
          void announceRankedRun(strapi.db.connection, ranked).catch((error: Error) =>
            strapi.log.error(`[live] board event of run ${created.id}: ${error.message}`, { type: 'live' }),
          );
        }
        const stored = present((await findBySession(run.sessionId)) ?? created);
        return stored.verified ? stored : { ...stored, unverifiedReason: unverifiedReason ?? 'The run does not rank' };
      } catch (error) {
        // A concurrent post with the same sessionId won the race: the unique constraint (or the unique
        // check) refused this one, so the score is stored once; answer with that row.
        const winner = await findBySession(run.sessionId);
        if (winner) return existingFor(winner, run);
        throw error;
      }
    },

    /**
     * POST /api/game/nursehelpme/guest-runs: moves a guest wallet's runs to the signed-in user, only the
     * runs stored with this wallet's secret, and each run once (it no longer belongs to the wallet afterwards).
     */
    async claimGuestRuns(body, userId) {
      const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const wallet = readGuestWallet(input.XRPLWallet, true);
      const secretHash = sha256(readWalletSecret(input.walletSecret, true));
      const account = { userId, guestWallet: null };
      const moved = await strapi.db.transaction(async ({ trx }) => {
        // Every run still under the wallet id (a guest's handful): the ones with this secret move, and the
        // wallet's figures are rebuilt from the ones that stay.
        const walletRuns: RunRow[] = await strapi.db.query(UID).findMany({
          where: { guestWallet: wallet, user: { id: { $null: true } } },
          select: ['id', 'totalPoints', 'score', 'bonusPoints', 'level', 'timeElapsed', 'playedDate', 'verified', 'guestSecretHash'],
        });
        // Each run is taken by a conditional update: only while it is still the wallet's. A claim of the same
        // runs at the same moment (another account, on PostgreSQL) waits for this row lock, then finds the
        // run gone from the wallet and takes nothing, so a run is credited to one account.
        const runs = runsModel(strapi.db);
        const mine: RunRow[] = [];
        for (const row of walletRuns.filter((run) => run.guestSecretHash === secretHash)) {
          const taken = await trx(runs.table)
            .where({ id: row.id, [runs.column('guestWallet')]: wallet, [runs.column('guestSecretHash')]: secretHash })
            .update({ [runs.column('guestWallet')]: null, [runs.column('guestSecretHash')]: null, [runs.column('playerKey')]: playerKey(account) });
          if (!taken) continue;
          await strapi.db.query(UID).update({ where: { id: row.id }, data: { user: userId } });
          mine.push(row);
        }
        if (!mine.length) return 0;
        await applyRuns(
          trx,
          mine.map((row) => figuresOfRow(row, account)),
        );
        await removePlayer(trx, playerKey({ userId: null, guestWallet: wallet }));
        const staying = walletRuns.filter((row) => row.guestSecretHash !== secretHash);
        await applyRuns(
          trx,
          staying.map((row) => figuresOfRow(row, { userId: null, guestWallet: wallet })),
        );
        return mine.length;
      });
      if (moved) {
        services().boards.forget();
        // The guest's rows now show the account's name: whoever shows a board reads it again.
        raiseLive('board', { refetch: true });
      }
      return { moved };
    },

    /**
     * An account's runs with what hangs off them, gone: the tickets they used, their user links, the
     * account's figures and bests (every board window at once). Part of the account's deletion, inside
     * its transaction (api::account.account-removal); the boards are forgotten once it commits. The runs
     * are found through the history index (player key) and the user link's index.
     */
    async removeRunsOf(trx, userId) {
      const runs = runsModel(strapi.db);
      const link = runs.userLink;
      const key = playerKey({ userId, guestWallet: null });
      const linkedRuns = () => trx(link.table).select(link.runColumn).where(link.userColumn, userId);
      const keyedRuns = () => trx(runs.table).select('id').where(runs.column('playerKey'), key);
      await services().tickets.removeUsedBy(trx, keyedRuns());
      await services().tickets.removeUsedBy(trx, linkedRuns());
      await trx(runs.table).whereIn('id', linkedRuns()).del();
      await trx(runs.table).whereIn('id', keyedRuns()).del();
      await trx(link.table).where(link.userColumn, userId).del();
      await removePlayer(trx, key);
    },
  };
  return storage;
});
