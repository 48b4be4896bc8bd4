/** HAIC token facts, as the whitepaper states them. */
export const TOTAL_SUPPLY_BILLIONS = 30;

export interface Allocation {
  name: string;
  billions: number;
  percent: string;
  color: string;
  purpose: string;
}

export const ALLOCATIONS: Allocation[] = [
  {
    name: 'Liquidity pool',
    billions: 11,
    percent: '36.7%',
    color: '#13c4a3',
    purpose: 'Deep, steady trading on XRP Ledger DEXes and AMM pools.',
  },
  {
    name: 'Community',
    billions: 14,
    percent: '46.6%',
    color: '#3a86ff',
    purpose: 'Rewards, game prizes, airdrops and community programmes.',
  },
  {
    name: 'Future projects reserve',
    billions: 4,
    percent: '13.3%',
    color: '#f4b400',
    purpose: 'Held back for new healthcare tools; released 0.5% at a time when liquidity allows.',
  },
  {
    name: 'Social media and advertising',
    billions: 1,
    percent: '3.3%',
    color: '#e5484d',
    purpose: 'Campaigns, partnerships and outreach.',
  },
];
