import { useCallback, useEffect, useRef, useState } from 'react';
import { isLiveRefetch } from '@haic/contract';
import { refetchDelayMs, useLiveEvent } from '../../lib/live';
import { fetchNewestPosts, type BlogPost } from './api';

/**
 * Live: a `blog` event (a post published, changed or unpublished) has the first page read again; the posts
 * not on the page yet are counted and offered, never inserted under the reader. Shown, the new first page
 * leads, followed by the posts already loaded beyond it, less those unpublished meanwhile. `shown` is the
 * list on the page (null while it is not the server's: loading, or the sample posts after a failure).
 */
export function useBlogUpdates(shown: BlogPost[] | null, show: (posts: BlogPost[]) => void): { count: number; showNew: () => void } {
  const [newer, setNewer] = useState<{ first: BlogPost[]; count: number } | null>(null);
  const onPage = useRef(shown);
  onPage.current = shown;
  const unpublished = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const alive = useRef(true);

  useLiveEvent('blog', (change) => {
    if (!onPage.current) return;
    if (!isLiveRefetch(change) && change.action === 'unpublished') unpublished.current.add(change.slug);
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      fetchNewestPosts()
        .then((first) => {
          if (!alive.current) return;
          const known = new Set((onPage.current ?? []).map((post) => post.id));
          const count = first.filter((post) => !known.has(post.id)).length;
          setNewer(count ? { first, count } : null);
        })
        .catch(() => undefined);
    }, refetchDelayMs());
  });

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const showNew = useCallback(() => {
    if (!newer) return;
    const onTop = new Set(newer.first.map((post) => post.id));
    const rest = (onPage.current ?? []).filter((post) => !onTop.has(post.id) && !unpublished.current.has(post.slug));
    show([...newer.first, ...rest]);
    setNewer(null);
  }, [newer, show]);

  return { count: newer?.count ?? 0, showNew };
}
