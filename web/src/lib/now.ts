import { useHydrated } from './hydration';
import { useInitialData } from './initialData';

/**
 * The time relative dates ('3 hours ago') count from: the server's render time on the server and
 * while hydrating (so the texts match), the browser's clock afterwards.
 */
export function useNow(): Date {
  const hydrated = useHydrated();
  const { renderedAt } = useInitialData();
  return new Date(hydrated || renderedAt === undefined ? Date.now() : renderedAt);
}
