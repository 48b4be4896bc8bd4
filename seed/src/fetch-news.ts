// `npm run fetch-news`: one news aggregation pass now, over every enabled feed, against the configured
// database (the same pass the schedule and the panel's "Fetch now" run); prints what each feed gave.
import type { FeedResult } from '@haic/contract';
import { loadStrapi } from './strapi';

/** A plain-text table: one row per feed, columns padded to their widest cell. */
function feedTable(results: FeedResult[]): string {
  const header = ['Feed', 'Items seen', 'New items stored', 'Last error'];
  const rows = results.map((r) => [r.feed, String(r.seen), String(r.created), r.error ?? '']);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 1 || column === 2 ? cell.padStart(widths[column]) : cell.padEnd(widths[column])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  const strapi = await loadStrapi();
  try {
    const started = Date.now();
    const report = await strapi.service('api::news-feed.aggregator').run();
    if (!report.feeds.length) {
      console.log('No enabled news feed: add one in the panel (/cms, News Feed).');
    } else {
      console.log(feedTable(report.feeds));
      console.log(`\n${report.created} new item(s) from ${report.feeds.length} feed(s) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await strapi.destroy();
  }
  process.exit(0);
}

if (require.main === module) {
  main().catch((error) => {
    console.error('[fetch-news] failed:', error);
    process.exit(1);
  });
}
