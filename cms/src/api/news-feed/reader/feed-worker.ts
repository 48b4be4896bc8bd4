/**
 * A worker thread that reads feeds: decoding, XML parsing and HTML to text are synchronous and take
 * up to a second for a large feed, so they run here and the server keeps answering meanwhile.
 * Messages in: { id, bytes, contentType, feedUrl, limit, now }; out: { id, items } or { id, error }.
 */
import { parentPort } from 'worker_threads';
import { decodeFeed, feedItems, parseFeed } from './feed-reader';

parentPort?.on('message', async ({ id, bytes, contentType, feedUrl, limit, now }) => {
  try {
    const parsed = await parseFeed(decodeFeed(bytes, contentType).text);
    parentPort!.postMessage({ id, items: await feedItems(parsed, feedUrl, limit, now) });
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message || String(error) });
  }
});
