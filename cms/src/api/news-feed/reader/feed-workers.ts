/**
 * One worker thread per aggregation pass (feed-worker.ts, on the CMS's one worker pool, utils/worker-pool.ts):
 * started when the pass needs it and ended with the pass, so an idle server holds no thread and a crashed
 * worker costs one pass at most.
 */
import { createWorkerPool } from '../../../utils/worker-pool';
import type { FeedItems } from './feed-reader';
import type { FeedTask } from './feed-worker';

export interface FeedReaderThread {
  read(bytes: Uint8Array, contentType: string | null, feedUrl: string, limit: number, now: number): Promise<FeedItems>;
  close(): Promise<void>;
}

/** Feeds are downloaded a few at a time: the queue never holds more than a pass's feeds. */
const MAX_QUEUE = 1000;

export function startFeedReaderThread(): FeedReaderThread {
  const pool = createWorkerPool<FeedTask, FeedItems>({ dir: __dirname, file: 'feed-worker.js', threads: 1, minThreads: 0, maxQueue: MAX_QUEUE });
  return {
    read: (bytes, contentType, feedUrl, limit, now) => pool.run({ bytes, contentType, feedUrl, limit, now }),
    close: () => pool.close(),
  };
}
