import { useEffect, useRef, useState } from 'react';
import { searchQueryProblem, type SearchResponse } from '@haic/contract';
import { useInitialData } from '../../lib/initialData';
import { fetchSearch } from './api';
import { searchKey, type SearchAddress } from './address';

export type SearchState = { status: 'none' } | { status: 'loading' } | { status: 'error' } | { status: 'done'; response: SearchResponse };

/**
 * The search page's results: none for an empty or invalid query, else loading, then the answer or an error.
 * The answer the server rendered the page with serves while it names the same search; a new search
 * cancels the one still on its way.
 */
export function useSearch(address: SearchAddress): { state: SearchState; retry: () => void } {
  const { search: embedded } = useInitialData();
  const key = searchKey(address);
  const wanted = !searchQueryProblem(address.q);
  const served = useRef(embedded?.key === key ? embedded : undefined);
  const [fetched, setFetched] = useState<{ key: string; state: SearchState } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!wanted) return;
    if (served.current?.key === key && attempt === 0) return;
    served.current = undefined;
    const controller = new AbortController();
    setFetched({ key, state: { status: 'loading' } });
    fetchSearch(address, { signal: controller.signal }).then(
      (response) => !controller.signal.aborted && setFetched({ key, state: { status: 'done', response } }),
      () => !controller.signal.aborted && setFetched({ key, state: { status: 'error' } }),
    );
    return () => controller.abort();
    // The address is the key: a new key is a new search.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, wanted, attempt]);

  let state: SearchState = { status: 'loading' };
  if (!wanted) state = { status: 'none' };
  else if (served.current?.key === key) state = { status: 'done', response: served.current.response };
  else if (fetched?.key === key) state = fetched.state;
  return { state, retry: () => setAttempt((n) => n + 1) };
}
