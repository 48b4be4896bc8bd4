import { NEWS_CATEGORIES } from '@haic/contract';
const common = {
  viewBox: '0 0 24 24',
  width: 44,
  height: 44,
  'aria-hidden': true,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function HealthIcon() {
  return (
    <svg {...common}>
      <path d="M9 3h6v6h6v6h-6v6H9v-6H3V9h6z" />
    </svg>
  );
}

function FinanceIcon() {
  return (
    <svg {...common}>
      <path d="M3 3v18h18" />
      <path d="M7 15l4-4 3 3 5-6" />
    </svg>
  );
}

function CryptoIcon() {
  return (
    <svg {...common}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 8h4a2 2 0 0 1 0 4h-4zm0 4h4.5a2 2 0 0 1 0 4H9.5zM11 6v2m0 8v2" />
    </svg>
  );
}

function GenericIcon() {
  return (
    <svg {...common}>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M7 8h10M7 12h10M7 16h6" />
    </svg>
  );
}

/** Health, finance and crypto have their own icon; any other category gets the generic one. */
export function CategoryIcon({ category }: { category: string }) {
  const Icon = category === 'health' ? HealthIcon : category === 'finance' ? FinanceIcon : category === 'crypto' ? CryptoIcon : GenericIcon;
  return (
    <span data-icon={category !== 'other' && (NEWS_CATEGORIES as readonly string[]).includes(category) ? category : 'generic'}>
      <Icon />
    </span>
  );
}
