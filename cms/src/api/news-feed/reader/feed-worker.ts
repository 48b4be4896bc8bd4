/**
 * The feed reader's worker thread body (feed-workers.ts): decoding, XML parsing and HTML to text are
 * synchronous and take up to a second for a large feed, so they run here and the server keeps answering meanwhile.
 */
import { decodeFeed } from './feed-decoding';
import { feedItems, parseFeed, type FeedItems } from './feed-reader';

export interface FeedTask {
  bytes: Uint8Array;
  contentType: string | null;
  feedUrl: string;
  limit: number;
  now: number;
}

export default async function readFeed({ bytes, contentType, feedUrl, limit, now }: FeedTask): Promise<FeedItems> {
  const parsed = await parseFeed(decodeFeed(bytes, contentType).text);
  return feedItems(parsed, feedUrl, limit, now);
}
