import { useEffect, useState } from 'react';
import { searchQueryProblem, type SearchResponse } from '@haic/contract';
import { fetchSearch } from './api';

/** How long typing must pause before the header asks for results. */
export const AS_YOU_TYPE_DELAY_MS = 200;
/** Results the header shows. */
export const AS_YOU_TYPE_RESULTS = 5;

export type AsYouType = { q: string; status: 'idle' | 'loading' | 'error' } | { q: string; status: 'done'; response: SearchResponse };

/**
 * The first results for what is being typed: asked for once typing pauses, the request on its way
 * cancelled as soon as the text changes (its answer never shows for newer text). Idle when `enabled` is
 * off or the text is not a query yet.
 */
export function useResultsAsYouType(text: string, enabled: boolean): AsYouType {
  const q = text.trim();
  const [state, setState] = useState<AsYouType>({ q: '', status: 'idle' });
  const active = enabled && !searchQueryProblem(q);

  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ q, status: 'loading' });
      fetchSearch({ q, type: 'all', page: 1 }, { pageSize: AS_YOU_TYPE_RESULTS, signal: controller.signal }).then(
        (response) => !controller.signal.aborted && setState({ q, status: 'done', response }),
        () => !controller.signal.aborted && setState({ q, status: 'error' }),
      );
    }, AS_YOU_TYPE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, active]);

  return active && state.q === q ? state : { q, status: 'idle' };
}
