/**
 * The Telegram outbox's sender (api::telegram.outbox): sends the queued notices (notices-store.ts) off the
 * request path, one instance of the cluster at a time (a cluster lock per pass), each message at most once.
 * - A pass starts when a message is queued here, when one comes due, and every POLL_MS (messages other
 *   instances queued). It takes the due messages in order, each claimed (`sending`) before it is sent.
 * - A message claimed by a pass that never finished (the process stopped mid-send) may have reached
 *   Telegram, which has no idempotency key: it is marked `uncertain`, logged, and never sent again.
 * - 429: sent again after the Bot API's `retry_after` (and nothing else is sent before then); 5xx or no
 *   connection: again after 2, 4, 8 ... s (at most an hour), MAX_ATTEMPTS in all; another refusal (the
 *   player blocked the bot, no such chat): `failed`. Failures an operator acts on are logged as such.
 * - At send time the player must still be linked with notices on, and have had no message within the hour
 *   (a season's end waits for its hour; someone passing them is dropped, as it is old news by then).
 */
import type { Core } from '@strapi/strapi';
import { trimTrailing } from '@haic/contract';
import { runExclusive } from '../../../utils/cluster';
import { setting } from '../../../utils/settings';
import { OUTBOX_TABLE, playerRow, takeHourlySlot, type OutboxRow } from '../notices-store';

const USER = 'plugin::users-permissions.user';
export const HOUR_MS = 3600_000;
const POLL_MS = 5000;
const BATCH = 20;
const MAX_ATTEMPTS = 10;
const KEEP_DONE_MS = 7 * 24 * HOUR_MS;

/** What one sendMessage call came to. */
export type BotOutcome =
  | { kind: 'sent' }
  | { kind: 'retry'; afterMs: number | null; why: string }
  | { kind: 'failed'; why: string }
  | { kind: 'uncertain'; why: string };

/** The Bot API's sendMessage URL, or null without a bot token. */
export function sendMessageUrl(): string | null {
  const token = setting('TELEGRAM_BOT_TOKEN');
  if (!token) return null;
  return `${trimTrailing(setting('TELEGRAM_API_BASE') || 'https://api.telegram.org', '/')}/bot${token}/sendMessage`;
}

/** One sendMessage call within TELEGRAM_REPLY_TIMEOUT_MS, read as the Bot API answers it. */
export async function callSendMessage(url: string, chatId: number | string, text: string): Promise<BotOutcome> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text }),
      signal: AbortSignal.timeout(setting('TELEGRAM_REPLY_TIMEOUT_MS')),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    // Refused or unresolved: nothing reached the Bot API. Anything else (a time-out, a reset) may have.
    if (cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') return { kind: 'retry', afterMs: null, why: cause };
    return { kind: 'uncertain', why: (error as Error).name === 'TimeoutError' ? 'timed out' : (cause ?? (error as Error).message) };
  }
  const body = (await response.json().catch(() => null)) as { parameters?: { retry_after?: unknown } } | null;
  if (response.ok) return { kind: 'sent' };
  if (response.status === 429) {
    const seconds = Number(body?.parameters?.retry_after);
    return { kind: 'retry', afterMs: Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null, why: '429' };
  }
  if (response.status >= 500) return { kind: 'retry', afterMs: null, why: String(response.status) };
  return { kind: 'failed', why: String(response.status) };
}

const createOutbox = ({ strapi }: { strapi: Core.Strapi }) => {
  const knex = () => strapi.db.connection;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  /** Nothing goes to the Bot API before this (its 429 said so). */
  let pausedUntil = 0;

  const set = (id: number, fields: Record<string, unknown>) => knex()(OUTBOX_TABLE).where({ id }).update(fields);
  const done = (id: number, status: 'sent' | 'failed' | 'skipped' | 'uncertain', why: string | null, now = Date.now()) =>
    set(id, { status, last_error: why, next_attempt_at: now, ...(status === 'sent' ? { sent_at: now } : {}) });

  /** Sends one claimed message, or says why not. */
  async function sendOne(row: OutboxRow, url: string): Promise<void> {
    const now = Date.now();
    const user: { telegramId?: string | null } | null = await strapi.db.query(USER).findOne({ where: { id: row.user_id }, select: ['telegramId'] });
    const player = await playerRow(knex(), row.user_id);
    if (!user?.telegramId || player?.notices_off) return void (await done(row.id, 'skipped', user?.telegramId ? 'switched off' : 'not linked'));
    if (!row.slot_taken) {
      if (!(await takeHourlySlot(knex(), row.user_id, now, HOUR_MS))) {
        if (row.kind === 'passed') return void (await done(row.id, 'skipped', 'a message within the hour'));
        // A season's end waits for the player's next free hour.
        return void (await set(row.id, { status: 'pending', attempts: row.attempts - 1, next_attempt_at: (player?.last_notice_at ?? now) + HOUR_MS }));
      }
      await set(row.id, { slot_taken: true });
    }
    const outcome = await callSendMessage(url, user.telegramId, row.text);
    if (outcome.kind === 'sent') return void (await done(row.id, 'sent', null));
    if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
      const wait = outcome.afterMs ?? Math.min(HOUR_MS, 1000 * 2 ** row.attempts);
      if (outcome.why === '429') pausedUntil = Date.now() + wait;
      strapi.log.warn(`telegram: notice ${row.id} not sent (${outcome.why}); again in ${Math.round(wait / 1000)} s`, { type: 'telegram-outbox', id: row.id });
      return void (await set(row.id, { status: 'pending', next_attempt_at: Date.now() + wait, last_error: outcome.why }));
    }
    const status = outcome.kind === 'uncertain' ? 'uncertain' : 'failed';
    strapi.log.error(
      `telegram: notice ${row.id} ${status === 'uncertain' ? 'may not have reached the Bot API and is not sent again' : 'could not be sent'} (${outcome.why}, attempt ${row.attempts})`,
      {
        type: 'telegram-outbox',
        id: row.id,
        status,
      },
    );
    await done(row.id, status, outcome.why);
  }

  /** One pass, holding the cluster's sender lock: orphans first, then the due messages in order. */
  async function pass(url: string): Promise<void> {
    const orphans = await knex()(OUTBOX_TABLE)
      .where({ status: 'sending' })
      .update({ status: 'uncertain', last_error: 'cut off mid-send', next_attempt_at: Date.now() });
    if (orphans)
      strapi.log.error(`telegram: ${orphans} notice(s) were cut off mid-send and are not sent again (they may have reached Telegram)`, {
        type: 'telegram-outbox',
        orphans,
      });
    while (!stopped && Date.now() >= pausedUntil) {
      const due: OutboxRow[] = await knex()(OUTBOX_TABLE)
        .where({ status: 'pending' })
        .andWhere('next_attempt_at', '<=', Date.now())
        .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
        .limit(BATCH)
        .select('id', 'user_id', 'kind', 'text', 'attempts', 'slot_taken');
      if (!due.length) break;
      for (const row of due) {
        if (stopped || Date.now() < pausedUntil) break;
        const claimed = await knex()(OUTBOX_TABLE)
          .where({ id: row.id, status: 'pending' })
          .update({ status: 'sending', attempts: Number(row.attempts) + 1 });
        if (claimed) await sendOne({ ...row, attempts: Number(row.attempts) + 1, slot_taken: Boolean(row.slot_taken) }, url);
      }
    }
    await knex()(OUTBOX_TABLE)
      .whereIn('status', ['sent', 'failed', 'skipped', 'uncertain'])
      .andWhere('next_attempt_at', '<', Date.now() - KEEP_DONE_MS)
      .del();
  }

  /** When the next pass is due: the earliest pending message, at most POLL_MS away. */
  async function nextDelay(): Promise<number> {
    const next: { at?: unknown } | undefined = await knex()(OUTBOX_TABLE).where({ status: 'pending' }).min({ at: 'next_attempt_at' }).first();
    const at = next?.at === null || next?.at === undefined ? Infinity : Number(next.at);
    return Math.max(0, Math.min(POLL_MS, Math.max(at, pausedUntil) - Date.now()));
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void outbox.drain(), delayMs);
    timer.unref();
  }

  const outbox = {
    /** Runs a pass now (or right after the one running); then schedules the next. Never throws. */
    drain(): Promise<void> {
      const url = sendMessageUrl();
      if (stopped || !url) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await runExclusive('telegram-outbox', () => pass(url));
          } while (again && !stopped);
          schedule(await nextDelay());
        } catch (error) {
          if (!stopped) strapi.log.error(`telegram: the outbox pass failed: ${(error as Error).message}`, { type: 'telegram-outbox' });
          schedule(POLL_MS);
        } finally {
          running = null;
        }
      })();
      return running;
    },

    start(): void {
      if (!sendMessageUrl()) return;
      stopped = false;
      schedule(0);
    },

    /** Stops sending (the app stops): a message being sent finishes or is cut off, and is then `uncertain`. */
    stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
  return outbox;
};

export type OutboxService = ReturnType<typeof createOutbox>;

export default createOutbox;
