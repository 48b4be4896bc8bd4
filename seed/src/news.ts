import type { NewsCategory } from '@haic/contract';
import { uploadAsset } from './blog';
import type { Seeder } from './types';

interface SeedNewsItem {
  title: string;
  description: string;
  url: string;
  source: string;
  category: NewsCategory;
  /** Hours before seeding, so the relative times on /news vary. */
  hoursAgo: number;
  /** A seed asset shown as the card image (uploaded like the blog images). */
  image?: string;
}

const site = (slug: string) => `https://haictoken.com/news/${slug}`;

const SEED_NEWS: SeedNewsItem[] = [
  {
    title: 'Hospitals expand pilots of AI documentation assistants',
    description: 'Health systems report that ambient note-taking tools are cutting after-hours charting for nurses and physicians.',
    url: site('hospitals-expand-ai-documentation-pilots'),
    source: 'HAIC Health Desk',
    category: 'health',
    hoursAgo: 0.5,
    image: 'blog-ai-chip.webp',
  },
  {
    title: 'Nurse staffing remains the top concern in new workforce survey',
    description: 'A majority of nurses surveyed cite staffing levels and administrative load as the main drivers of burnout.',
    url: site('nurse-staffing-workforce-survey'),
    source: 'HAIC Health Desk',
    category: 'health',
    hoursAgo: 3,
  },
  {
    title: 'XRP Ledger activity climbs as payment use cases grow',
    description: 'On-ledger payments keep settling in 3-5 seconds with fees under a cent as transaction counts rise.',
    url: site('xrp-ledger-activity-climbs'),
    source: 'HAIC Markets',
    category: 'crypto',
    hoursAgo: 6,
    image: 'blog-ledger.webp',
  },
  {
    title: 'Digital health funding steadies after two volatile years',
    description: 'Investors are concentrating on tools with clear clinical outcomes and measurable time savings.',
    url: site('digital-health-funding-steadies'),
    source: 'HAIC Markets',
    category: 'finance',
    hoursAgo: 12,
  },
  {
    title: 'HAIC community passes a new membership milestone',
    description: 'The chat group keeps growing, with round-the-clock support from community moderators.',
    url: site('community-membership-milestone'),
    source: 'HAIC Community',
    category: 'other',
    hoursAgo: 20,
  },
  {
    title: 'Regulators publish guidance on AI-enabled medical software',
    description: 'New guidance sets out expectations for transparency, monitoring and change control of clinical AI tools.',
    url: site('regulators-guidance-ai-medical-software'),
    source: 'HAIC Health Desk',
    category: 'health',
    hoursAgo: 30,
  },
  {
    title: 'Utility tokens draw attention as markets look past speculation',
    description: 'Analysts point to tokens tied to real services as a segment to watch in the coming quarters.',
    url: site('utility-tokens-draw-attention'),
    source: 'HAIC Markets',
    category: 'crypto',
    hoursAgo: 50,
  },
  {
    title: 'Health systems weigh the cost of nurse turnover',
    description: 'Replacing an experienced nurse can cost a hospital tens of thousands of dollars, a new analysis estimates.',
    url: site('cost-of-nurse-turnover'),
    source: 'HAIC Markets',
    category: 'finance',
    hoursAgo: 75,
  },
  {
    title: 'Wallet security: new phishing pattern targets token holders',
    description: 'A reminder to verify links and never share a recovery phrase, as a fresh wave of scams circulates.',
    url: site('wallet-phishing-warning'),
    source: 'HAIC Security',
    category: 'crypto',
    hoursAgo: 100,
  },
  {
    title: 'Remote patient monitoring programmes show lower readmissions',
    description: 'Home monitoring paired with nurse follow-up is linked to fewer hospital readmissions for chronic conditions.',
    url: site('remote-monitoring-lower-readmissions'),
    source: 'HAIC Health Desk',
    category: 'health',
    hoursAgo: 140,
  },
  {
    title: 'Healthcare payments move toward real-time settlement',
    description: 'Providers and payers explore faster settlement rails to shorten the wait between care and payment.',
    url: site('healthcare-payments-real-time-settlement'),
    source: 'HAIC Markets',
    category: 'finance',
    hoursAgo: 190,
  },
  {
    title: 'Nurse Help Me game adds a leaderboard preview',
    description: 'Players can now follow their game history on their profile while the public leaderboard takes shape.',
    url: site('nurse-help-me-leaderboard-preview'),
    source: 'HAIC Game Studio',
    category: 'other',
    hoursAgo: 260,
  },
  {
    title: 'Stablecoin rules take shape across major markets',
    description: 'Clearer rules for digital assets are expected to make it easier for businesses to accept token payments.',
    url: site('stablecoin-rules-take-shape'),
    source: 'HAIC Markets',
    category: 'crypto',
    hoursAgo: 330,
  },
  {
    title: 'Hospital finance teams adopt AI for claims review',
    description: 'Automated checks are catching coding errors before claims are submitted, reducing denials.',
    url: site('hospital-finance-ai-claims-review'),
    source: 'HAIC Markets',
    category: 'finance',
    hoursAgo: 420,
  },
];

const EXAMPLE_FEED = {
  name: 'Example health feed (disabled: set your own feed URL and enable it)',
  url: 'https://example.org/health/rss.xml',
  category: 'health' as const,
  enabled: false,
};

/** Sample news content and a disabled example feed (added where missing, never changed). */
export const seedNews: Seeder = async (strapi) => {
  let created = 0;
  const now = Date.now();
  for (const item of SEED_NEWS) {
    const existing = await strapi.db.query('api::news-item.news-item').findOne({ where: { url: item.url }, select: ['id'] });
    if (existing) continue;
    const { hoursAgo, image, ...fields } = item;
    const imageUrl = image ? (await uploadAsset(strapi, image, item.title)).url : null;
    await strapi.documents('api::news-item.news-item').create({
      data: { ...fields, imageUrl, publishedDate: new Date(now - hoursAgo * 3600_000).toISOString(), isActive: true },
    });
    created += 1;
  }
  const feed = await strapi.db.query('api::news-feed.news-feed').findOne({ where: { url: EXAMPLE_FEED.url }, select: ['id'] });
  if (!feed) {
    await strapi.documents('api::news-feed.news-feed').create({ data: EXAMPLE_FEED });
    created += 1;
  }
  return { name: 'news', created };
};
