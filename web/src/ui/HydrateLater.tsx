import { Suspense, type ReactNode } from 'react';

/**
 * Server HTML that can wait: React hydrates what is inside after the rest of the page, in its own
 * low-priority passes, so the parts around it (the menus) are interactive sooner on a slow phone.
 * A click, a key or typing inside it hydrates it at once, before the event is handled, so nothing
 * a visitor does is lost. After hydration it is a plain wrapper (nothing inside suspends without a
 * boundary of its own), and it draws no element, so the layout is the server's.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
