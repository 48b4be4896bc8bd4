import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fetchBlogPost, fetchBlogPostPreview, type BlogPostDetail, type BlogPostPreview } from './api';
import { BlogPostView } from './BlogPostView';

jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  fetchBlogPost: jest.fn(),
  fetchBlogPostPreview: jest.fn(),
}));
const publicPost = fetchBlogPost as jest.MockedFunction<typeof fetchBlogPost>;
const previewPost = fetchBlogPostPreview as jest.MockedFunction<typeof fetchBlogPostPreview>;

const published: BlogPostDetail = {
  id: 'd1',
  title: 'Published title',
  slug: 'the-post',
  summary: 's',
  authorName: 'Ada',
  publishedDate: '2026-01-02',
  body: [],
};
const draft: BlogPostPreview = { ...published, title: 'Draft title', publishAt: null };

const robots = () => document.head.querySelectorAll('meta[name="robots"]');
const show = (token: string | null) =>
  render(
    <MemoryRouter>
      <BlogPostView slug="the-post" previewToken={token} />
    </MemoryRouter>,
  );

beforeEach(() => {
  publicPost.mockReset();
  previewPost.mockReset();
});

describe('BlogPostView preview', () => {
  it('a valid token shows the draft with the banner and a noindex tag, removed when the page goes', async () => {
    previewPost.mockResolvedValue(draft);
    const view = show('good-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft title' })).toBeInTheDocument();
    expect(screen.getByRole('note', { name: 'Preview' })).toHaveTextContent('Preview — not published');
    expect(previewPost).toHaveBeenCalledWith('the-post', 'good-token');
    expect(publicPost).not.toHaveBeenCalled();
    expect(robots()).toHaveLength(1);
    expect(robots()[0]).toHaveAttribute('content', 'noindex');
    view.unmount();
    expect(robots()).toHaveLength(0);
  });

  it('names the scheduled time when the draft has one', async () => {
    previewPost.mockResolvedValue({ ...draft, publishAt: '2026-12-01T12:00:00.000Z' });
    show('good-token');
    expect(await screen.findByRole('note', { name: 'Preview' })).toHaveTextContent(/Scheduled to publish Dec 1, 2026, \d{1,2}:00/);
  });

  // A preview token that opens no draft falls back to what anyone sees at that address, never with the banner.
  it.each([
    {
      name: 'a token that is not valid for a draft gives the same not-found page as for anyone',
      token: 'forged',
      publicAnswer: null,
      heading: 'Post not found',
    },
    {
      name: 'a stale token on a published post shows the published post, without the banner',
      token: 'expired',
      publicAnswer: published,
      heading: 'Published title',
    },
  ])('$name', async ({ token, publicAnswer, heading }) => {
    previewPost.mockResolvedValue(null);
    publicPost.mockResolvedValue(publicAnswer);
    show(token);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText('Preview — not published')).toBeNull();
    expect(robots()).toHaveLength(0);
  });

  it('without a token the preview route is never asked', async () => {
    publicPost.mockResolvedValue(published);
    show(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Published title' })).toBeInTheDocument();
    expect(previewPost).not.toHaveBeenCalled();
  });

  it("reloads the draft when the panel says it saved, and only for this origin's messages", async () => {
    previewPost.mockResolvedValueOnce(draft).mockResolvedValue({ ...draft, title: 'Draft title, saved again' });
    show('good-token');
    await screen.findByRole('heading', { level: 1, name: 'Draft title' });
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'strapiUpdate' }, origin: 'https://evil.example' }));
    });
    expect(previewPost).toHaveBeenCalledTimes(1);
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: 'strapiUpdate' }, origin: window.location.origin }));
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Draft title, saved again'));
    expect(previewPost).toHaveBeenCalledTimes(2);
  });
});
