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
