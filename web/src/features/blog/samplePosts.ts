import type { BlogPost } from './api';

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Shown with the error message when the blog cannot be loaded. */
export function samplePosts(): BlogPost[] {
  return [
    {
      id: 'sample-1',
      title: 'Welcome to the HAIC Blog',
      slug: 'welcome-to-the-haic-blog',
      summary: 'News, research and community updates about healthcare AI and the HAIC token on the XRP Ledger.',
      authorName: 'HAIC Team',
      publishedDate: daysAgo(0),
    },
    {
      id: 'sample-2',
      title: 'Nurse Help Me: Our Flagship Platform in Development',
      slug: 'nurse-help-me-flagship-platform',
      summary: 'An AI assistant designed with nurses to take repetitive work off their shifts and give time back to patient care.',
      authorName: 'HAIC Team',
      publishedDate: daysAgo(5),
    },
    {
      id: 'sample-3',
      title: 'Why the XRP Ledger',
      slug: 'why-the-xrp-ledger',
      summary: 'Settlement in 3-5 seconds, 1,500+ transactions per second and fees under $0.01 make small, frequent payments practical.',
      authorName: 'HAIC Team',
      publishedDate: daysAgo(14),
    },
  ];
}
