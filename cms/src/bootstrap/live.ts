/**
 * Start-up of the live events (GET /api/live): the bridge between instances, what each instance does with
 * an event before its streams get it, and where the news and blog events come from. The board's events are
 * raised where a ranked run is stored (api/game-score).
 * - `news`: once a write to the news items (a fetch, an editor) has committed and every instance shows it
 *   (the content version settled), one event for the writes of that moment.
 * - `blog`: the same for published posts, one event per slug: published, changed or unpublished. A draft's
 *   saves raise nothing (nothing public changed, and a draft's slug is not public).
 */
import type { Core } from '@strapi/strapi';
import { gameScores } from '../api/game-score/game-scores';
import { contentVersionSettled } from '../utils/content-version';
import { fieldsOf } from '../utils/fields';
import { onShutdown } from '../utils/lifecycle';
import { raiseLive, onLiveEvent, startLiveBridge } from '../utils/live-bridge';
import { closeAllStreams, openStreamCount } from '../utils/live-hub';
import { gaugeOnScrape } from '../utils/metrics';

const POST = 'api::blog-post.blog-post';
const NEWS = 'api::news-item.news-item';

type LifecycleEvent = { action: string; model: { uid: string }; result?: unknown };

/** The content writes of one moment, raised together once they show everywhere. */
function contentEvents(strapi: Core.Strapi) {
  let news = false;
  let blogRefetch = false;
  const slugs = new Map<string, { created: boolean; deleted: boolean; updated: boolean }>();
  let flushing: Promise<void> | null = null;

  const flush = () => {
    flushing = null;
    if (news) raiseLive('news', {});
    if (blogRefetch) raiseLive('blog', { refetch: true });
    for (const [slug, seen] of slugs) {
      const action = seen.created && !seen.deleted ? 'published' : seen.deleted && !seen.created ? 'unpublished' : 'changed';
      raiseLive('blog', { slug, action });
    }
    news = false;
    blogRefetch = false;
    slugs.clear();
  };

  const noted = (event: LifecycleEvent) => {
    if (event.model.uid === NEWS) news = true;
    else if (event.action.endsWith('Many')) blogRefetch = true;
    else {
      const { slug, publishedAt } = fieldsOf(event.result);
      if (typeof slug !== 'string' || !publishedAt) return;
      const seen = slugs.get(slug) ?? { created: false, deleted: false, updated: false };
      if (event.action === 'afterCreate') seen.created = true;
      else if (event.action === 'afterDelete') seen.deleted = true;
      else seen.updated = true;
      slugs.set(slug, seen);
    }
    // After every commit callback of the write (the content version's own among them) has run.
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(contentVersionSettled)
      .then(flush)
      .catch((error: Error) => {
        strapi.log.error(`[live] content events were not raised: ${error.message}`, { type: 'live' });
      });
  };

  const writes = ['afterCreate', 'afterCreateMany', 'afterUpdate', 'afterUpdateMany', 'afterDelete', 'afterDeleteMany'];
  strapi.db.lifecycles.subscribe({
    models: [POST, NEWS],
    ...Object.fromEntries(
      writes.map((action) => [action, (event: LifecycleEvent) => strapi.db.transaction(async ({ onCommit }) => onCommit(() => noted(event)))]),
    ),
  });
}

export default async function bootstrapLive(strapi: Core.Strapi): Promise<void> {
  // Any instance's ranked run: this instance's boards and kept copies of them are stale.
  onLiveEvent((event) => {
    if (event.topic === 'board') gameScores(strapi).boards.dropCopies();
  });
  contentEvents(strapi);
  onShutdown(closeAllStreams);
  gaugeOnScrape('live_streams_open', 'Live streams (GET /api/live) open on this instance', openStreamCount);
  await startLiveBridge(strapi);
}
