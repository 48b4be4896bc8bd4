import { useCallback, useEffect, useRef, useState } from 'react';
import { BLOG_PAGE_SIZE } from '@haic/contract';
import type { BlogPost } from './api';
import { samplePosts } from './samplePosts';

type BlogStatus = 'loading' | 'loaded' | 'error';

/**
 * The blog list's states: loading, loaded, error (with the sample posts).
 * Load More fetches page + 1 and appends it. `initial` is the first page when the server
 * already rendered it: then nothing is fetched until Load More.
 */
export function useBlogList(load: (page: number, pageSize: number) => Promise<BlogPost[]>, initial?: BlogPost[]) {
  const [posts, setPosts] = useState<BlogPost[]>(initial ?? []);
  const [status, setStatus] = useState<BlogStatus>(initial ? 'loaded' : 'loading');
  const [page, setPage] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  // How many posts the last request brought: a short page means there is nothing more to load.
  const [lastLoadedCount, setLastLoadedCount] = useState(initial?.length ?? 0);
  const alive = useRef(true);
  const hadInitial = useRef(!!initial);

  useEffect(() => {
    alive.current = true;
    if (!hadInitial.current) {
      load(1, BLOG_PAGE_SIZE)
        .then((first) => {
          if (!alive.current) return;
          setPosts(first);
          setLastLoadedCount(first.length);
          setStatus('loaded');
        })
        .catch(() => {
          if (!alive.current) return;
          setPosts(samplePosts());
          setStatus('error');
        });
    }
    return () => {
      alive.current = false;
    };
  }, [load]);

  const loadMore = useCallback(async () => {
    const next = page + 1;
    setLoadingMore(true);
    try {
      const more = await load(next, BLOG_PAGE_SIZE);
      if (!alive.current) return;
      setPosts((current) => {
        const known = new Set(current.map((p) => p.id));
        return current.concat(more.filter((p) => !known.has(p.id)));
      });
      setLastLoadedCount(more.length);
      setPage(next);
    } catch {
      if (alive.current) setStatus('error');
    } finally {
      if (alive.current) setLoadingMore(false);
    }
  }, [load, page]);

  // Load More shows only when the loaded count (of the last page fetched) is at least the page size.
  const canLoadMore = status === 'loaded' && lastLoadedCount >= BLOG_PAGE_SIZE;

  /** Shows these posts instead (a newer first page a live update brought, once the reader asks for it). */
  const show = useCallback((shown: BlogPost[]) => {
    setPosts(shown);
    setStatus('loaded');
  }, []);

  return { posts, status, loadingMore, canLoadMore, loadMore, show };
}
