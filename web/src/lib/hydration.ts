import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False on the server and during hydration (the first client render must match the server's
 * HTML), true afterwards and on every client-side navigation. Browser-only state (localStorage,
 * the current time) is read only once this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Runs `task` once the browser is idle after the page came to life (code the page may need later,
 * fetched without competing with what it needs now). Returns a cancel function for effects.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 1000);
  return () => clearTimeout(id);
}
