/**
 * The page's live stream (GET /api/live, Server-Sent Events): one EventSource at most, open only while
 * something on the page listens and the tab is shown, and not before the page has loaded and settled (the
 * stream holds none of the connections the page's loading needs, and whatever waits for a quiet network, a
 * browser test or Lighthouse, sees one). Hidden, the stream is closed; shown again, it opens
 * with the last event id it had (`?lastEventId=`), and the server sends what was missed (or a refetch). A
 * stream the server refuses (429, an error), or a browser without EventSource, leaves the page as it is
 * without live updates (a later showing of the tab tries again).
 * Events name what changed and its version; listeners read the content again through the usual reads,
 * after refetchDelayMs() (so that every open page does not read at the same moment).
 */
import { useEffect, useRef } from 'react';
import { LIVE_LAST_EVENT_PARAM, LIVE_PATH, LIVE_TOPICS, type LiveEventData, type LiveTopic } from '@haic/contract';
import { buildUrl } from './api';

type Listener<T extends LiveTopic> = (data: LiveEventData[T]) => void;

/** A page that stops listening while another starts (a navigation) keeps the stream this long. */
const CLOSE_UNUSED_MS = 1000;
/** Readers spread their refetch over this long after an event. */
const REFETCH_SPREAD_MS = 750;
/** The first stream of a page load opens this long after the page's load event. */
const AFTER_LOAD_MS = 2000;

const listeners = new Map<LiveTopic, Set<Listener<LiveTopic>>>(LIVE_TOPICS.map((topic) => [topic, new Set()]));
let source: EventSource | null = null;
let lastEventId: string | null = null;
let refused = false;
let watching = false;
let closeTimer: ReturnType<typeof setTimeout> | null = null;
let settled: 'no' | 'waiting' | 'yes' = 'no';

const listening = () => LIVE_TOPICS.some((topic) => listeners.get(topic)!.size > 0);
const shown = () => document.visibilityState !== 'hidden';

function receive(topic: LiveTopic, event: MessageEvent<string>): void {
  if (event.lastEventId) lastEventId = event.lastEventId;
  let data: LiveEventData[LiveTopic];
  try {
    data = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const listener of [...listeners.get(topic)!]) listener(data);
}

/** Calls `then` once the page has loaded, AFTER_LOAD_MS later (at once where navigation timing is not kept). */
function afterLoad(then: () => void): void {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (!navigation) return then();
  if (navigation.loadEventEnd > 0) {
    setTimeout(then, Math.max(0, navigation.loadEventEnd + AFTER_LOAD_MS - performance.now()));
    return;
  }
  window.addEventListener('load', () => setTimeout(then, AFTER_LOAD_MS), { once: true });
}

function open(): void {
  if (source || refused || typeof EventSource === 'undefined') return;
  if (settled !== 'yes') {
    if (settled === 'no') {
      settled = 'waiting';
      afterLoad(() => {
        settled = 'yes';
        sync();
      });
    }
    return;
  }
  const url = buildUrl(LIVE_PATH) + (lastEventId ? `?${LIVE_LAST_EVENT_PARAM}=${encodeURIComponent(lastEventId)}` : '');
  const opened = new EventSource(url);
  source = opened;
  for (const topic of LIVE_TOPICS) opened.addEventListener(topic, (event) => receive(topic, event as MessageEvent<string>));
  opened.onerror = () => {
    // A dropped connection is reopened by the browser itself (with Last-Event-ID); a refusal closes it for good.
    if (opened.readyState !== EventSource.CLOSED) return;
    refused = true;
    close();
  };
}

function close(): void {
  if (closeTimer) clearTimeout(closeTimer);
  closeTimer = null;
  source?.close();
  source = null;
}

/** Opens or closes the stream for what the page now wants. */
function sync(): void {
  if (listening() && shown()) {
    if (closeTimer) clearTimeout(closeTimer);
    closeTimer = null;
    open();
  } else if (!shown()) close();
  else closeTimer ??= setTimeout(close, CLOSE_UNUSED_MS);
}

function watchVisibility(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('visibilitychange', () => {
    if (shown()) refused = false;
    sync();
  });
  window.addEventListener('pagehide', close);
}

/** Calls `listener` with each event of `topic` while subscribed; returns the unsubscribe. */
export function subscribeLive<T extends LiveTopic>(topic: T, listener: Listener<T>): () => void {
  if (typeof window === 'undefined') return () => undefined;
  watchVisibility();
  const set = listeners.get(topic)!;
  const added = listener as Listener<LiveTopic>;
  set.add(added);
  sync();
  return () => {
    set.delete(added);
    sync();
  };
}

/** subscribeLive for a component: the latest `handler` gets each event while it is mounted. */
export function useLiveEvent<T extends LiveTopic>(topic: T, handler: Listener<T>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribeLive(topic, (data) => latest.current(data)), [topic]);
}

/** A pause before reading again after an event: up to REFETCH_SPREAD_MS, different for each page. */
export const refetchDelayMs = () => Math.floor(Math.random() * REFETCH_SPREAD_MS);
