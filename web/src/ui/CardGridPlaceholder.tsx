import { Spinner } from './Spinner';

/** While a card list loads, card-sized placeholders hold its place so the footer stays put. */
export function CardGridPlaceholder({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div>
      <Spinner label={label} />
      <div className="grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="card card-skeleton" />
        ))}
      </div>
    </div>
  );
}
