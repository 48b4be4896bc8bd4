/**
 * The live stream (GET /api/live): Server-Sent Events that say what changed, never the content itself.
 * Each event's `id:` only grows (on PostgreSQL it is the same on every instance); its `event:` is a topic
 * and its `data:` one line of JSON below. Every data carries `version`, the event's own id: the version of
 * what it names, which a client may send back on its refetch (`?v=`) so that no cache answers it with an
 * older copy. A reconnecting client (Last-Event-ID, or `lastEventId` in the query after the page closed the
 * stream itself) gets the events it missed, or one `{ refetch: true }` per topic.
 */
import type { LeaderboardPeriod } from './scores';

export const LIVE_PATH = '/api/live';
export const LIVE_TOPICS = ['board', 'news', 'blog'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];
/** The query parameter that stands for the Last-Event-ID header (an EventSource cannot set headers). */
export const LIVE_LAST_EVENT_PARAM = 'lastEventId';
/** An event id as the server sends it (Last-Event-ID or lastEventId naming anything else is answered one refetch per topic). */
export const LIVE_EVENT_ID_PATTERN = /^\d{1,15}$/;

/** The client must read again whatever it shows of the topic (missed events, or a change it cannot be told precisely). */
export interface LiveRefetch {
  refetch: true;
  version: number;
}

/** A ranked run changed the board: the periods whose current window changed, that week (season) and that day. */
export interface LiveBoardChange {
  periods: LeaderboardPeriod[];
  /** The season (its Monday, YYYY-MM-DD) the run counts in. */
  season: string;
  /** The UTC day (YYYY-MM-DD) the run counts in. */
  day: string;
  /** The run that changed it: its page (and GET /api/runs/{runId}). */
  runId: string;
  version: number;
}

/** The news items changed (a fetch added some, an editor changed or removed one). */
export interface LiveNewsChange {
  version: number;
}

export const LIVE_BLOG_ACTIONS = ['published', 'changed', 'unpublished'] as const;

/** A post was published, changed while published, or unpublished. */
export interface LiveBlogChange {
  slug: string;
  action: (typeof LIVE_BLOG_ACTIONS)[number];
  version: number;
}

export interface LiveEventData {
  board: LiveBoardChange | LiveRefetch;
  news: LiveNewsChange | LiveRefetch;
  blog: LiveBlogChange | LiveRefetch;
}

export const isLiveRefetch = (data: object): data is LiveRefetch => (data as Partial<LiveRefetch>).refetch === true;
