/**
 * Live events across instances (the other half of GET /api/live, utils/live-hub.ts).
 * - raiseLive(topic, data) is called once a change has committed (raiseLiveAfterCommit waits for the
 *   surrounding transaction). Every event gets an id that only grows, and every instance's receivers
 *   (onLiveEvent: the caches that show the topic) and then its streams are given it, in id order.
 * - PostgreSQL: the id comes from one row (haic_live_sequence) moved in the same transaction as the
 *   `NOTIFY haic_live` that carries the event (a few hundred bytes), so ids are given in commit order, which
 *   is the order PostgreSQL delivers notifications in. Each instance holds one listening connection (not
 *   one per stream); lost, it connects again (1 s, doubling to 30 s), and the events it missed meanwhile
 *   are a gap in the ids: its streams are told to refetch (live-hub resync).
 * - SQLite (one instance): ids and delivery stay in the process; they start at the time the process
 *   started, in milliseconds, so that they still grow for a client that comes back after a restart.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import type { LiveTopic } from '@haic/contract';
import { isClustered, runExclusive } from './cluster';
import { deliver, startAfter, type LiveEvent } from './live-hub';

const CHANNEL = 'haic_live';
export const LIVE_SEQUENCE_TABLE = 'haic_live_sequence';
/** How the listening connection shows in pg_stat_activity. */
export const LIVE_LISTENER_NAME = 'haic-live';
const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
/** A raise that fails (the database away) is tried once more after this. */
const RAISE_RETRY_MS = 1000;

interface Listener {
  on(event: 'notification', fn: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', fn: (error?: Error) => void): void;
  connect(): Promise<void>;
  query<Row>(sql: string): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}

const app = (): Core.Strapi => (globalThis as unknown as { strapi: Core.Strapi }).strapi;
const receivers: Array<(event: LiveEvent) => void> = [];
let localId = 0;
let listener: Listener | null = null;
let stopped = true;
let reconnectMs = RECONNECT_FIRST_MS;
let reconnectTimer: NodeJS.Timeout | null = null;

/** Called with every event of the cluster before the streams get it (e.g. to drop a cache that showed the topic). */
export const onLiveEvent = (receiver: (event: LiveEvent) => void) => receivers.push(receiver);

function receive(event: LiveEvent): void {
  for (const receiver of receivers) {
    try {
      receiver(event);
    } catch (error) {
      app().log.error(`[live] a receiver of ${event.topic} failed: ${(error as Error).message}`, { type: 'live' });
    }
  }
  deliver(event);
}

function onNotification(message: { channel: string; payload?: string }): void {
  if (message.channel !== CHANNEL || !message.payload) return;
  try {
    const event = JSON.parse(message.payload) as LiveEvent;
    if (Number.isSafeInteger(event.id) && typeof event.topic === 'string' && event.data && typeof event.data === 'object') receive(event);
  } catch {
    app().log.warn('[live] an unreadable notification was ignored', { type: 'live' });
  }
}

async function raiseClustered(strapi: Core.Strapi, topic: LiveTopic, data: object): Promise<void> {
  await strapi.db.connection.transaction(async (trx: Knex.Transaction) => {
    // The row lock orders the raisers of every instance: ids follow commit order.
    const result = (await trx.raw(`update ${LIVE_SEQUENCE_TABLE} set last_id = last_id + 1 where id = 1 returning last_id`)) as { rows: { last_id: string }[] };
    const id = Number(result.rows[0].last_id);
    await trx.raw('select pg_notify(?, ?)', [CHANNEL, JSON.stringify({ id, topic, data: { ...data, version: id } })]);
  });
}

/** Raises an event of a change that has committed: every instance's receivers and streams get it. Never throws. */
export function raiseLive(topic: LiveTopic, data: object): void {
  const strapi = app();
  // The app has stopped (a command such as the seed ends as soon as its writes are done): nobody to tell.
  if (stopped || !strapi?.db) return;
  if (!isClustered(strapi)) {
    localId += 1;
    receive({ id: localId, topic, data: { ...data, version: localId } });
    return;
  }
  const attempt = () => raiseClustered(strapi, topic, data);
  attempt()
    .catch(() => new Promise((resolve) => setTimeout(resolve, RAISE_RETRY_MS)).then(attempt))
    .catch((error: Error) => strapi.log.error(`[live] could not raise a ${topic} event: ${error.message}`, { type: 'live', topic }));
}

/** raiseLive once the surrounding transaction (if any) has committed; `data` is read then. */
export async function raiseLiveAfterCommit(topic: LiveTopic, data: () => object | null): Promise<void> {
  await app().db.transaction(async ({ onCommit }) =>
    onCommit(() => {
      const payload = data();
      if (payload) raiseLive(topic, payload);
    }),
  );
}

function scheduleReconnect(strapi: Core.Strapi): void {
  if (stopped || reconnectTimer) return;
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    void listen(strapi);
  }, reconnectMs);
  reconnectTimer.unref();
  reconnectMs = Math.min(reconnectMs * 2, RECONNECT_MAX_MS);
}

/** Opens this instance's one listening connection, and reads where the ids stand. */
async function listen(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  const { Client } = (knex.client as unknown as { driver: { Client: new (config: object) => Listener } }).driver;
  const settings = (knex.client.config as { connection: { password?: unknown } }).connection;
  // knex keeps the password as a property that a spread does not copy.
  const client = new Client({ ...settings, password: settings.password, application_name: LIVE_LISTENER_NAME, keepAlive: true });
  let lost = false;
  const lose = (error?: Error) => {
    if (lost) return;
    lost = true;
    if (listener === client) listener = null;
    void client.end().catch(() => undefined);
    if (stopped) return;
    strapi.log.error(`[live] the PostgreSQL listening connection was lost (${error?.message ?? 'closed'}); connecting again in ${reconnectMs} ms`, {
      type: 'live',
    });
    scheduleReconnect(strapi);
  };
  client.on('error', lose);
  client.on('end', lose);
  client.on('notification', onNotification);
  try {
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    const { rows } = await client.query<{ last_id: string }>(`select last_id from ${LIVE_SEQUENCE_TABLE} where id = 1`);
    if (stopped) return void client.end().catch(() => undefined);
    listener = client;
    reconnectMs = RECONNECT_FIRST_MS;
    startAfter(Number(rows[0]?.last_id ?? 0));
  } catch (error) {
    lose(error as Error);
  }
}

/** Starts the bridge: the sequence row and the listening connection (PostgreSQL), or the process's own ids. */
export async function startLiveBridge(strapi: Core.Strapi): Promise<void> {
  stopped = false;
  if (!isClustered(strapi)) {
    localId = Date.now();
    startAfter(localId);
    return;
  }
  await runExclusive(
    'live-tables',
    async () => {
      await strapi.db.connection.raw(`create table if not exists ${LIVE_SEQUENCE_TABLE} (id smallint primary key, last_id bigint not null)`);
      await strapi.db.connection.raw(`insert into ${LIVE_SEQUENCE_TABLE} (id, last_id) values (1, 0) on conflict (id) do nothing`);
    },
    { wait: true },
  );
  await listen(strapi);
}

/** Closes the listening connection (the app stops). */
export async function stopLiveBridge(): Promise<void> {
  stopped = true;
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
  const closing = listener;
  listener = null;
  await closing?.end().catch(() => undefined);
}
