import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchNews, type NewsItem } from './api';
import { sampleNews } from './sampleNews';

export type NewsStatus = 'loading' | 'loaded' | 'error';

/** News states (spec 4): loading, then loaded, or error with the sample news. */
export function useNews(load: (signal?: AbortSignal) => Promise<NewsItem[]> = fetchNews) {
  const [items, setItems] = useState<NewsItem[]>([]);
  const [status, setStatus] = useState<NewsStatus>('loading');
  const current = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setStatus('loading');
    load(controller.signal)
      .then((loaded) => {
        if (controller.signal.aborted) return;
        setItems(loaded);
        setStatus('loaded');
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setItems(sampleNews());
        setStatus('error');
      });
  }, [load]);

  useEffect(() => {
    reload();
    return () => current.current?.abort();
  }, [reload]);

  return { items, status, reload };
}
