/**
 * One worker thread per aggregation pass (see feed-worker.ts): started when the pass needs it and ended
 * with the pass, so an idle server holds no thread and a crashed worker costs one pass at most.
 */
import path from 'path';
import { Worker } from 'worker_threads';
import type { FeedItems } from './feed-reader';

export interface FeedReaderThread {
  read(bytes: Uint8Array, contentType: string | null, feedUrl: string, limit: number, now: number): Promise<FeedItems>;
  close(): Promise<void>;
}

export function startFeedReaderThread(): FeedReaderThread {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (items: FeedItems) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  };

  const thread = () => {
    if (worker) return worker;
    worker = new Worker(path.join(__dirname, 'feed-worker.js'));
    worker.on('message', ({ id, items, error }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (error) waiting?.reject(new Error(error));
      else waiting?.resolve(items);
    });
    worker.on('error', (error) => failAll(error));
    worker.on('exit', (code) => failAll(new Error(`the feed reader stopped (exit code ${code})`)));
    return worker;
  };

  return {
    read(bytes, contentType, feedUrl, limit, now) {
      const id = nextId++;
      return new Promise<FeedItems>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread().postMessage({ id, bytes, contentType, feedUrl, limit, now });
      });
    },
    async close() {
      const running = worker;
      worker = null;
      if (running) await running.terminate();
    },
  };
}
