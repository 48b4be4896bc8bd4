import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchNews, type NewsItem } from './api';
import { sampleNews } from './sampleNews';

type NewsStatus = 'loading' | 'loaded' | 'error';

/**
 * News states: loading, then loaded, or error with the sample news. `initial` is the
 * list the server rendered the page with: then the first load is skipped.
 */
export function useNews(load: (signal?: AbortSignal) => Promise<NewsItem[]> = fetchNews, initial?: NewsItem[]) {
  const [items, setItems] = useState<NewsItem[]>(initial ?? []);
  const [status, setStatus] = useState<NewsStatus>(initial ? 'loaded' : 'loading');
  const current = useRef<AbortController | null>(null);
  const hadInitial = useRef(!!initial);

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
    if (hadInitial.current) hadInitial.current = false;
    else reload();
    return () => current.current?.abort();
  }, [reload]);

  /** Shows this list instead (the newer one a live update brought, once the reader asks for it). */
  const show = useCallback((loaded: NewsItem[]) => {
    current.current?.abort();
    setItems(loaded);
    setStatus('loaded');
  }, []);

  return { items, status, reload, show };
}
