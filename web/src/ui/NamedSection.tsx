import type { ReactNode } from 'react';

/** A section named by a heading only screen readers see: what it holds carries its own visible labels. */
export function NamedSection({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="visually-hidden">
        {name}
      </h2>
      {children}
    </section>
  );
}
