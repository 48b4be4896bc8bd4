import { act, renderHook, waitFor } from '@testing-library/react';
import { FakeEventSource } from '../../test/eventSource';
import { fetchNewestPosts, type BlogPost } from './api';
import { useBlogUpdates } from './useBlogUpdates';

jest.mock('./api', () => ({ fetchNewestPosts: jest.fn() }));
const newest = fetchNewestPosts as jest.MockedFunction<typeof fetchNewestPosts>;

const post = (n: number): BlogPost => ({
  id: `p${n}`,
  title: `Post ${n}`,
  slug: `post-${n}`,
  summary: 's',
  authorName: 'A',
  publishedDate: `2026-01-${String(n).padStart(2, '0')}`,
});

beforeEach(() => {
  FakeEventSource.install();
  jest.spyOn(Math, 'random').mockReturnValue(0);
  newest.mockReset();
});
afterEach(() => {
  FakeEventSource.uninstall();
  jest.restoreAllMocks();
});

it('counts the posts a live event brought, and shows them first, followed by the rest, less the ones unpublished', async () => {
  const shown = [post(3), post(2), post(1)];
  const show = jest.fn();
  const { result } = renderHook(() => useBlogUpdates(shown, show));
  newest.mockResolvedValue([post(5), post(4), post(3), post(1)]);
  const stream = FakeEventSource.open().at(-1)!;
  stream.send('blog', { slug: 'post-2', action: 'unpublished', version: 20 });
  stream.send('blog', { slug: 'post-5', action: 'published', version: 21 });
  await waitFor(() => expect(result.current.count).toBe(2));
  // Events close together make one read.
  expect(newest).toHaveBeenCalledTimes(1);
  expect(show).not.toHaveBeenCalled();
  act(() => result.current.showNew());
  expect(show).toHaveBeenCalledWith([post(5), post(4), post(3), post(1)]);
  expect(result.current.count).toBe(0);
});

it('waits while the page shows no list of the server’s (loading, or the sample posts)', async () => {
  renderHook(() => useBlogUpdates(null, jest.fn()));
  FakeEventSource.open().at(-1)!.send('blog', { slug: 'post-9', action: 'published', version: 22 });
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(newest).not.toHaveBeenCalled();
});
