import type { ReactNode } from 'react';

/**
 * A data table that scrolls sideways on narrow screens: a named region the keyboard can focus, so a
 * visitor without a pointer can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
