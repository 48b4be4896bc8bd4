// The admin screens show hardcoded sample data and make no calls: the CMS panel is where content is managed.

interface DashboardStats {
  totalNews: number;
  totalBlogPosts: number;
  totalUsers: number;
  recentActivity: ActivityEntry[];
}

interface ActivityEntry {
  action: string;
  user: string;
  time: string;
}

export const SAMPLE_STATS: DashboardStats = {
  totalNews: 12,
  totalBlogPosts: 8,
  totalUsers: 3,
  recentActivity: [
    { action: 'New news article added', user: 'Admin', time: '2 hours ago' },
    { action: 'Blog post published', user: 'Editor', time: '5 hours ago' },
    { action: 'New user registered', user: 'System', time: '1 day ago' },
    { action: 'News article deactivated', user: 'Admin', time: '2 days ago' },
  ],
};

export interface AdminNewsItem {
  id: number;
  title: string;
  description: string;
  url: string;
  source: string;
  category: string;
  publishedAt: Date;
  isActive: boolean;
}

export const SAMPLE_NEWS: AdminNewsItem[] = [
  {
    id: 1,
    title: 'AI Triage Assistants Cut Emergency Wait Times',
    description: 'Hospitals piloting AI-driven triage report shorter waits and faster escalation of critical patients.',
    url: 'https://example.com/news/ai-triage',
    source: 'Health Tech Today',
    category: 'health',
    publishedAt: new Date('2026-11-18T09:30:00Z'),
    isActive: true,
  },
  {
    id: 2,
    title: 'XRP Ledger Transaction Volume Reaches New High',
    description: 'Settlement in 3-5 seconds and fees under a cent keep drawing payment providers to the ledger.',
    url: 'https://example.com/news/xrpl-volume',
    source: 'Crypto Daily',
    category: 'crypto',
    publishedAt: new Date('2026-11-17T14:00:00Z'),
    isActive: true,
  },
  {
    id: 3,
    title: 'Healthcare Spending Outlook for the Coming Year',
    description: 'Analysts expect digital health budgets to grow as providers automate routine administrative work.',
    url: 'https://example.com/news/spending-outlook',
    source: 'Finance Weekly',
    category: 'finance',
    publishedAt: new Date('2026-11-15T08:15:00Z'),
    isActive: false,
  },
  {
    id: 4,
    title: 'Nurses Share Their Favourite Shift Tools',
    description: 'A short survey of the apps nurses rely on.',
    url: 'https://example.com/news/nurse-tools',
    source: 'Nursing Journal',
    category: 'health',
    publishedAt: new Date('2026-11-12T16:45:00Z'),
    isActive: true,
  },
];
