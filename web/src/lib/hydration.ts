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
 * Props for a button that only the scripts can make work: until the page is interactive it says it
 * cannot act yet (aria-disabled), instead of swallowing a click on the server's HTML.
 */
export function useInertBeforeHydration(): { 'aria-disabled'?: true } {
  return useHydrated() ? {} : { 'aria-disabled': true };
}
