import { useCallback, useEffect, useRef, useState } from 'react';
import { refetchDelayMs, useLiveEvent } from '../../lib/live';
import { fetchNews, type NewsItem } from './api';

/**
 * Live: a `news` event has the list read again (after its version, so no cache answers with an older copy);
 * the items not on the page yet are counted and offered, never inserted under the reader. `shown` is the
 * list on the page (null while it is not the server's: loading, or the sample news after a failure).
 */
export function useNewsUpdates(shown: NewsItem[] | null, show: (items: NewsItem[]) => void): { count: number; showNew: () => void } {
  const [newer, setNewer] = useState<{ items: NewsItem[]; count: number } | null>(null);
  const onPage = useRef(shown);
  onPage.current = shown;
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const version = useRef(0);
  const reading = useRef<AbortController | null>(null);

  useLiveEvent('news', (change) => {
    if (!onPage.current) return;
    version.current = Math.max(version.current, change.version);
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      reading.current?.abort();
      const controller = new AbortController();
      reading.current = controller;
      fetchNews(controller.signal, version.current)
        .then((items) => {
          const known = new Set((onPage.current ?? []).map((item) => item.id));
          const count = items.filter((item) => !known.has(item.id)).length;
          setNewer(count ? { items, count } : null);
        })
        .catch(() => undefined);
    }, refetchDelayMs());
  });

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      reading.current?.abort();
    },
    [],
  );

  const showNew = useCallback(() => {
    if (!newer) return;
    show(newer.items);
    setNewer(null);
  }, [newer, show]);

  return { count: newer?.count ?? 0, showNew };
}
