import fs from 'fs';
import path from 'path';
import type { Seeder } from './types';

/** Project-made featured images (see seed/scripts/make-assets.mjs). */
const ASSETS_DIR = path.resolve(__dirname, '..', 'assets');

type Block =
  | { type: 'paragraph'; children: Array<{ type: 'text'; text: string; bold?: boolean }> }
  | { type: 'heading'; level: 2 | 3; children: Array<{ type: 'text'; text: string }> }
  | { type: 'list'; format: 'unordered' | 'ordered'; children: Array<{ type: 'list-item'; children: Array<{ type: 'text'; text: string }> }> }
  | { type: 'quote'; children: Array<{ type: 'text'; text: string }> };

const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
const h = (text: string): Block => ({ type: 'heading', level: 2, children: [{ type: 'text', text }] });
const ul = (...items: string[]): Block => ({
  type: 'list',
  format: 'unordered',
  children: items.map((text) => ({ type: 'list-item', children: [{ type: 'text', text }] })),
});
const quote = (text: string): Block => ({ type: 'quote', children: [{ type: 'text', text }] });

interface SeedPost {
  title: string;
  slug: string;
  summary: string;
  authorName: string;
  /** Days before the seeding day; spreads the posts over recent months. */
  daysAgo: number;
  image: string;
  body: Block[];
}

const SEED_POSTS: SeedPost[] = [
  {
    title: 'Nurse Help Me: Building an AI Assistant That Gives Nurses Time Back',
    slug: 'nurse-help-me-ai-assistant-gives-nurses-time-back',
    summary: 'Our flagship platform is in development. Here is the problem it targets, the workflows we are starting with and how nurses are shaping it.',
    authorName: 'HAIC Team',
    daysAgo: 0,
    image: 'blog-care-team.webp',
    body: [
      p(
        'Nurses spend a large share of every shift on documentation, hand-offs and looking up information instead of at the bedside. Nurse Help Me is our answer: an assistant that takes on the repetitive parts of that work so that care gets the attention.',
      ),
      h('Where we are starting'),
      ul(
        'Shift hand-off summaries drafted from the notes a nurse already wrote',
        'Quick reference answers with a link to the source protocol',
        'Reminders for routine checks that are easy to lose track of on a busy floor',
      ),
      p('Every suggestion is a draft. A nurse reviews, edits and approves it; nothing is written to a record automatically.'),
      h('Built with nurses, not just for them'),
      p('We are recruiting practising nurses for our design panel. If you want to take part, reach out through the contact page.'),
    ],
  },
  {
    title: 'Why HAIC Runs on the XRP Ledger',
    slug: 'why-haic-runs-on-the-xrp-ledger',
    summary: 'Settlement in 3-5 seconds, 1,500+ transactions per second and fees under $0.01: what those numbers mean for a healthcare utility token.',
    authorName: 'HAIC Team',
    daysAgo: 1,
    image: 'blog-ledger.webp',
    body: [
      p(
        'A utility token only works if using it is cheap and fast. When we chose a ledger for HAIC we looked at three things: how long a payment takes to settle, how many the network can handle and what each one costs.',
      ),
      ul('Transactions settle in 3-5 seconds', 'The network handles 1,500+ transactions per second', 'Fees are under $0.01 per transaction'),
      p('Those properties let small, frequent payments make sense, which is exactly what rewards for platform use and community participation need.'),
      quote('A reward that costs more to send than it is worth is not a reward.'),
    ],
  },
  {
    title: 'Keeping Patient Data Private in AI-Assisted Care',
    slug: 'keeping-patient-data-private-in-ai-assisted-care',
    summary: 'Privacy is a design constraint, not a feature. The principles we follow for any AI tool that comes near clinical information.',
    authorName: 'Dr. Elena Marsh',
    daysAgo: 3,
    image: 'blog-privacy.webp',
    body: [
      p('Healthcare AI earns trust slowly and loses it quickly. Our rule is simple: the less patient data a tool needs, the better the tool.'),
      h('Our principles'),
      ul(
        'Collect the minimum: features are designed to work without identifiers wherever possible',
        'Nothing about a patient is ever written to a public ledger',
        'Access is logged and reviewable',
        'Clinicians stay in control of every output',
      ),
      p('The token lives on a public ledger; patient information never does. The two are kept strictly apart by design.'),
    ],
  },
  {
    title: 'Community Update: Meet the Mascot and Our New Chat Channels',
    slug: 'community-update-mascot-and-chat-channels',
    summary: 'The HAIC community keeps growing. A look at our mascot, the channels where you can reach the team and how to get involved.',
    authorName: 'HAIC Community Team',
    daysAgo: 6,
    image: 'blog-care-team.webp',
    body: [
      p(
        'Thank you to everyone who joined this month. The chat group is now the fastest way to reach the team, with support available around the clock from community moderators.',
      ),
      h('Ways to get involved'),
      ul(
        'Join the chat group for announcements and questions',
        'Follow us on social media for updates',
        'Play Nurse Help Me, our browser game, and share your high score',
      ),
    ],
  },
  {
    title: 'From Pilot to Practice: How We Evaluate Clinical AI Tools',
    slug: 'from-pilot-to-practice-evaluating-clinical-ai-tools',
    summary: 'A short guide to the questions we ask before any AI feature reaches a clinical user: safety, usefulness and measurable time saved.',
    authorName: 'Dr. Elena Marsh',
    daysAgo: 10,
    image: 'blog-ai-chip.webp',
    body: [
      p(
        'Plenty of AI demos look impressive. Far fewer survive contact with a real ward. We hold every feature to a short list of questions before it goes beyond a pilot.',
      ),
      ul(
        'Does it save measurable time for the person using it?',
        'What happens when it is wrong, and how does the user notice?',
        'Can it be switched off without disrupting care?',
        'Would the people using it recommend it to a colleague?',
      ),
      p('If the answer to any of these is unclear, the feature stays in the lab.'),
    ],
  },
  {
    title: 'HAIC Tokenomics Explained: 30 Billion Tokens and Where They Go',
    slug: 'haic-tokenomics-explained',
    summary: 'A plain-language walk through the HAIC allocation: liquidity pool, community, the future projects reserve and social media and advertising.',
    authorName: 'HAIC Team',
    daysAgo: 17,
    image: 'blog-growth.webp',
    body: [
      p('The total supply of HAIC is 30 billion tokens. The allocation is published in the whitepaper; here is the short version.'),
      ul(
        'Liquidity pool: 11 billion (36.7%)',
        'Community: 14 billion (46.6%)',
        'Future projects reserve: 4 billion (13.3%)',
        'Social media and advertising: 1 billion (3.3%)',
      ),
      p('The reserve is released 0.5% at a time, and only when liquidity allows, so that new supply never floods the market.'),
    ],
  },
  {
    title: 'What Nurses Told Us About Burnout and Technology',
    slug: 'what-nurses-told-us-about-burnout-and-technology',
    summary: 'We asked nurses which tools help and which add to the load. Their answers are shaping the first features of our platform.',
    authorName: 'Maria Lopez, RN',
    daysAgo: 25,
    image: 'blog-pulse.webp',
    body: [
      p(
        'Over several weeks we spoke with nurses from hospitals, clinics and home care. Two themes came up again and again: too many clicks, and too little time with patients.',
      ),
      h('What they asked for'),
      ul('Fewer screens to complete the same task', 'Tools that work on a phone during a shift', 'Clear sources for any clinical information shown'),
      p('We are taking these as requirements, not suggestions.'),
    ],
  },
  {
    title: 'Playing With Purpose: The Story Behind the Nurse Help Me Game',
    slug: 'story-behind-the-nurse-help-me-game',
    summary: 'Ten levels, three lives and a nurse racing to reach her patients. Why we built a browser game and what is coming next for players.',
    authorName: 'HAIC Game Studio',
    daysAgo: 40,
    image: 'blog-pulse.webp',
    body: [
      p(
        'Nurse Help Me started as a way to tell our story to people who would never read a whitepaper. You guide a nurse across ten levels, collecting coins, dodging viruses and reaching the patient at the end of each stage.',
      ),
      p('Anyone can play. Signed-in players have their scores saved to their profile and game history; token rewards are marked Coming Soon.'),
    ],
  },
  {
    title: 'AI Triage Tools: Promise, Pitfalls and What the Evidence Says',
    slug: 'ai-triage-tools-promise-pitfalls-evidence',
    summary: 'AI triage can shorten waiting times, but only when it is validated on the population it serves. A review of what to look for.',
    authorName: 'Dr. Elena Marsh',
    daysAgo: 65,
    image: 'blog-ai-chip.webp',
    body: [
      p('Triage is one of the most studied uses of AI in healthcare. The results are encouraging, but they depend heavily on the data a model was trained on.'),
      ul('Validate locally before relying on any score', 'Watch for drift as patient populations change', 'Keep clinicians as the final decision makers'),
    ],
  },
  {
    title: 'Security First: How We Protect Community Wallets',
    slug: 'security-first-protecting-community-wallets',
    summary: 'Practical advice for holding HAIC safely, and the steps we take on our side to keep the community protected from scams.',
    authorName: 'HAIC Security Team',
    daysAgo: 95,
    image: 'blog-privacy.webp',
    body: [
      p('The team will never ask for your secret key or recovery phrase. Anyone who does is not us.'),
      ul(
        'Use a reputable wallet app and keep its recovery phrase offline',
        'Double-check addresses and links before you sign anything',
        'Only trust announcements from our official channels',
      ),
    ],
  },
  {
    title: 'Telehealth After the Boom: Where Digital Care Goes Next',
    slug: 'telehealth-after-the-boom',
    summary: 'Virtual visits became routine almost overnight. We look at which parts of digital care are here to stay and where AI fits in.',
    authorName: 'Maria Lopez, RN',
    daysAgo: 130,
    image: 'blog-care-team.webp',
    body: [
      p(
        'Telehealth is now part of everyday care. The next step is making the work around a visit, such as notes, follow-ups and reminders, as easy as the visit itself.',
      ),
      p('That is where assistive AI can help most: not replacing the conversation, but handling what comes after it.'),
    ],
  },
  {
    title: 'Our Roadmap From Q2 2025 to Q1 2026',
    slug: 'haic-roadmap-q2-2025-to-q1-2026',
    summary: 'From launch to the first platform release: the milestones we have set ourselves and how we will report progress to the community.',
    authorName: 'HAIC Team',
    daysAgo: 170,
    image: 'blog-growth.webp',
    body: [
      p(
        'Our roadmap runs from Q2 2025 to Q1 2026 and is published in the whitepaper. Each quarter we will post an update here on what shipped and what moved.',
      ),
      ul(
        'Q2 2025: token launch and community channels',
        'Q3 2025: exchange listings and the Nurse Help Me game',
        'Q4 2025: NFT art collection and platform previews',
        'Q1 2026: first Nurse Help Me platform release to pilot partners',
      ),
    ],
  },
  {
    title: 'Introducing HAIC: A Utility Token for Healthcare AI',
    slug: 'introducing-haic-utility-token-for-healthcare-ai',
    summary: 'Why we started HAIC, what the token is for and how it connects a community with the healthcare AI tools we are building.',
    authorName: 'HAIC Team',
    daysAgo: 210,
    image: 'blog-ledger.webp',
    body: [
      p(
        'HAIC is a utility token for a growing set of healthcare AI tools, starting with Nurse Help Me. It is built on the XRP Ledger for fast, low-cost transactions.',
      ),
      p('This blog is where we will share progress, research and community news. Welcome aboard.'),
    ],
  },
];

const MIME: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

/** Uploads an asset through Strapi's upload service once; later runs reuse the stored file. */
export async function uploadAsset(strapi: Parameters<Seeder>[0], fileName: string, alternativeText: string): Promise<{ id: number; url: string }> {
  const existing = await strapi.db.query('plugin::upload.file').findOne({ where: { name: fileName } });
  if (existing) return existing;
  const filepath = path.join(ASSETS_DIR, fileName);
  const [file] = await strapi
    .plugin('upload')
    .service('upload')
    .upload({
      data: { fileInfo: { name: fileName, alternativeText, caption: alternativeText } },
      files: { filepath, originalFilename: fileName, mimetype: MIME[path.extname(fileName)] ?? 'application/octet-stream', size: fs.statSync(filepath).size },
    });
  return file;
}

const IMAGE_ALT: Record<string, string> = {
  'blog-pulse.webp': 'A heartbeat line on a navy background',
  'blog-ledger.webp': 'Connected ledger nodes',
  'blog-growth.webp': 'A rising bar chart',
  'blog-privacy.webp': 'A shield with a check mark',
  'blog-care-team.webp': 'A care team of three people under a medical cross',
  'blog-ai-chip.webp': 'A processor chip with a medical cross',
};

const dateDaysAgo = (days: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** Sample blog content (added where missing, never changed). */
export const seedBlog: Seeder = async (strapi) => {
  let created = 0;
  for (const post of SEED_POSTS) {
    // Any version (draft or published) with this slug means an editor has it: leave it alone.
    const existing = await strapi.db.query('api::blog-post.blog-post').findOne({ where: { slug: post.slug }, select: ['id'] });
    if (existing) continue;
    const image = await uploadAsset(strapi, post.image, IMAGE_ALT[post.image] ?? post.title);
    await strapi.documents('api::blog-post.blog-post').create({
      data: {
        title: post.title,
        slug: post.slug,
        summary: post.summary,
        body: post.body,
        authorName: post.authorName,
        publishedDate: dateDaysAgo(post.daysAgo),
        featuredImage: image.id,
      },
      status: 'published',
    });
    created += 1;
  }
  return { name: 'blog', created };
};
