/**
 * The live streams' hub: every open GET /api/live of this instance, and the events they are sent.
 * - An open stream is its response and three small fields; it has no timer of its own: one heartbeat tick
 *   (HEARTBEAT_MS) writes a comment line to every stream, so proxies keep them open. Writes to all streams go
 *   WRITE_SLICE streams per turn of the event loop, so that /_health and the rest are answered in between.
 * - Events arrive in order (utils/live-bridge.ts: the same ids on every instance) and are written to every
 *   stream, the last REPLAY_EVENTS of them kept, so that a client that comes back (Last-Event-ID) gets what
 *   it missed; one it cannot be given (too old, or lost in a gap) gets one `refetch` per topic instead.
 * - A client that does not read has its stream closed once MAX_BUFFERED_BYTES wait for it: its buffer never grows.
 * - On shutdown every stream is closed first, with a `retry:` hint (spread over a few seconds, so clients come
 *   back to the other instances gradually).
 */
import type { ServerResponse } from 'http';
import { LIVE_TOPICS, type LiveTopic } from '@haic/contract';

/** At most every 15 s a proxy sees bytes (the issue's bound), with room for a busy loop. */
export const HEARTBEAT_MS = 10_000;
export const REPLAY_EVENTS = 1000;
/** What may wait in the process for a client beyond the kernel's socket buffer (80 events or so): 160 MB at worst for 10,000 streams. */
export const MAX_BUFFERED_BYTES = 16 * 1024;
/** Streams written to in one turn of the event loop (a heartbeat or an event to 10,000 streams takes 20 turns). */
const WRITE_SLICE = 500;
/** Ids a client may be ahead of this instance (it saw them on another one first): skipped, not refetched. */
const AHEAD_ALLOWANCE = 100;
/** A client told to come back waits this long, plus up to RETRY_SPREAD_MS. */
const RETRY_MS = 1000;
const RETRY_SPREAD_MS = 4000;

export interface LiveEvent {
  id: number;
  topic: LiveTopic;
  data: object;
}

interface Stream {
  res: ServerResponse;
  client: string;
  /** The last id this stream was sent (or told it had): later events only. */
  lastId: number;
}

const HEARTBEAT = Buffer.from(': ping\n\n');
const streams = new Set<Stream>();
const perClient = new Map<string, number>();
const replay: Array<{ id: number; chunk: Buffer }> = [];
/** The newest id known here (delivered, or read from the database at start); replay holds a gap-free run ending at it. */
let newest = 0;
let heartbeat: NodeJS.Timeout | null = null;
let closing = false;

/** `event:`, `id:` and `data:` lines of one event (the data is one line of JSON). */
const chunkOf = (topic: LiveTopic, data: object, id?: number) =>
  Buffer.from(`${id === undefined ? '' : `id: ${id}\n`}event: ${topic}\ndata: ${JSON.stringify(data)}\n\n`);

/** A `retry:` line: how long a client waits before it connects again. */
export const retryHint = () => `retry: ${RETRY_MS + Math.floor(Math.random() * RETRY_SPREAD_MS)}\n`;

function close(stream: Stream): void {
  if (!streams.delete(stream)) return;
  const left = (perClient.get(stream.client) ?? 1) - 1;
  if (left > 0) perClient.set(stream.client, left);
  else perClient.delete(stream.client);
  if (!streams.size && heartbeat) {
    clearInterval(heartbeat);
    heartbeat = null;
  }
}

/** Writes to a stream unless its client has let too much wait: then the stream is closed. */
function send(stream: Stream, chunk: Buffer): void {
  if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
    close(stream);
    stream.res.destroy();
    return;
  }
  stream.res.write(chunk);
}

/** The one refetch per topic: the last one carries the newest id, so the client's Last-Event-ID moves on. */
const refetchChunk = () =>
  Buffer.concat(LIVE_TOPICS.map((topic, i) => chunkOf(topic, { refetch: true, version: newest }, i === LIVE_TOPICS.length - 1 ? newest : undefined)));

/** What a client that last saw `lastId` must be sent to be current: the missed events, a refetch, or nothing. */
function catchUp(lastId: number | 'unreadable' | null): { chunk: Buffer | null; lastId: number } {
  if (lastId === null) return { chunk: null, lastId: newest };
  if (lastId === 'unreadable') return { chunk: refetchChunk(), lastId: newest };
  if (lastId > newest) return lastId - newest <= AHEAD_ALLOWANCE ? { chunk: null, lastId } : { chunk: refetchChunk(), lastId: newest };
  if (lastId === newest) return { chunk: null, lastId };
  const oldest = replay.length ? replay[0].id : newest + 1;
  if (lastId < oldest - 1) return { chunk: refetchChunk(), lastId: newest };
  const missed = replay.filter((event) => event.id > lastId).map((event) => event.chunk);
  return { chunk: missed.length ? Buffer.concat(missed) : null, lastId: newest };
}

export const openStreamCount = () => streams.size;
export const streamsOf = (client: string) => perClient.get(client) ?? 0;
export const isClosing = () => closing;

/**
 * Takes an answered response (its head written) as a stream: sends the first bytes (a `retry:` hint and
 * what the client missed) at once, then every event and heartbeat until either side closes it.
 */
export function addStream(res: ServerResponse, client: string, lastId: number | 'unreadable' | null): void {
  const start = catchUp(lastId);
  const stream: Stream = { res, client, lastId: start.lastId };
  streams.add(stream);
  perClient.set(client, (perClient.get(client) ?? 0) + 1);
  res.once('close', () => close(stream));
  res.write(start.chunk ? Buffer.concat([Buffer.from(`${retryHint()}\n`), start.chunk]) : `${retryHint()}: live\n\n`);
  heartbeat ??= setInterval(beat, HEARTBEAT_MS).unref();
}

/** The heartbeat: a comment line to every stream, WRITE_SLICE at a time, each slice its own turn of the loop (probes are answered between). */
function beat(): void {
  const all = [...streams];
  const slice = (from: number) => {
    for (const open of all.slice(from, from + WRITE_SLICE)) if (streams.has(open)) send(open, HEARTBEAT);
    if (from + WRITE_SLICE < all.length) setImmediate(slice, from + WRITE_SLICE);
  };
  slice(0);
}

/**
 * What goes out to the streams open when it came, in order: each is written to every stream, WRITE_SLICE at a
 * time, each slice its own turn of the loop, before the next starts (a stream gets its events in order).
 */
const outgoing: Array<{ id: number; chunk: Buffer; to: Stream[]; next: number }> = [];

function pump(): void {
  const job = outgoing[0];
  if (!job) return;
  const end = Math.min(job.next + WRITE_SLICE, job.to.length);
  for (let i = job.next; i < end; i += 1) {
    const stream = job.to[i];
    if (!streams.has(stream) || stream.lastId >= job.id) continue;
    stream.lastId = job.id;
    send(stream, job.chunk);
  }
  job.next = end;
  if (end >= job.to.length) outgoing.shift();
  if (outgoing.length) setImmediate(pump);
}

function sendToAll(id: number, chunk: Buffer): void {
  outgoing.push({ id, chunk, to: [...streams], next: 0 });
  if (outgoing.length === 1) pump();
}

/** An event of the cluster, in id order: kept for replay and sent to every stream that has not had it. */
export function deliver(event: LiveEvent): void {
  if (event.id <= newest) return;
  // A gap: events this instance never got. Streams that may have missed them refetch.
  if (newest && event.id !== newest + 1) resync(event.id - 1);
  newest = event.id;
  const chunk = chunkOf(event.topic, event.data, event.id);
  replay.push({ id: event.id, chunk });
  if (replay.length > REPLAY_EVENTS) replay.shift();
  sendToAll(event.id, chunk);
}

/**
 * The events up to `upTo` cannot be told (this instance missed them, or starts after them): the replay
 * starts afresh after them, and every open stream is told to refetch.
 */
export function resync(upTo: number): void {
  const hadEvents = newest > 0 || replay.length > 0;
  replay.length = 0;
  newest = Math.max(newest, upTo);
  if (hadEvents) sendToAll(newest, refetchChunk());
}

/**
 * The id events continue after (at start-up, and when the bridge connects again: what was raised last).
 * Beyond the newest known, the events between were missed.
 */
export function startAfter(id: number): void {
  if (id <= newest) return;
  if (newest === 0 && replay.length === 0) newest = id;
  else resync(id);
}

/** Shutdown: every stream ends with a `retry:` hint, and no new one stays open. */
export function closeAllStreams(): void {
  closing = true;
  outgoing.length = 0;
  for (const stream of [...streams]) {
    close(stream);
    stream.res.end(`${retryHint()}\n`);
  }
}
