import type { ReactNode } from 'react';

export interface Figure {
  term: string;
  value: ReactNode;
  testId?: string;
}

/** A list of named figures (a term over its value), as a description list. */
export function Figures({ items, className }: { items: Figure[]; className?: string }) {
  return (
    <dl className={className}>
      {items.map(({ term, value, testId }) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
