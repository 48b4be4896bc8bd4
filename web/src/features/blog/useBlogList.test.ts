import { act, renderHook, waitFor } from '@testing-library/react';
import type { BlogPost } from './api';
import { useBlogList } from './useBlogList';

const post = (n: number): BlogPost => ({ id: `p${n}`, title: `Post ${n}`, slug: `post-${n}`, summary: 's', authorName: 'A', publishedDate: '2026-01-01' });
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => post(from + i));

describe('useBlogList', () => {
  it('loads page 1 with page size 10 and offers Load More when 10 are loaded', async () => {
    const load = jest.fn(async (page: number) => (page === 1 ? range(1, 10) : range(11, 3)));
    const { result } = renderHook(() => useBlogList(load));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(load).toHaveBeenCalledWith(1, 10);
    expect(result.current.posts).toHaveLength(10);
    expect(result.current.canLoadMore).toBe(true);

    await act(() => result.current.loadMore());
    expect(load).toHaveBeenLastCalledWith(2, 10);
    expect(result.current.posts.map((p) => p.id)).toEqual(range(1, 13).map((p) => p.id));
    // The second page was short: nothing more to load.
    expect(result.current.canLoadMore).toBe(false);
  });

  it('keeps Load More while every page comes back full', async () => {
    const load = jest.fn(async (page: number) => range(page * 10 - 9, 10));
    const { result } = renderHook(() => useBlogList(load));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    await act(() => result.current.loadMore());
    expect(result.current.posts).toHaveLength(20);
    expect(result.current.canLoadMore).toBe(true);
  });

  it('hides Load More below a full page', async () => {
    const load = async () => range(1, 9);
    const { result } = renderHook(() => useBlogList(load));
    await waitFor(() => expect(result.current.status).toBe('loaded'));
    expect(result.current.canLoadMore).toBe(false);
  });

  it('falls back to the three sample posts on error', async () => {
    const load = async (): Promise<BlogPost[]> => Promise.reject(new Error('down'));
    const { result } = renderHook(() => useBlogList(load));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.posts).toHaveLength(3);
    expect(result.current.canLoadMore).toBe(false);
  });
});
