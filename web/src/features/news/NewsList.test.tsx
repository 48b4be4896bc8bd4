import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NewsItemJson } from './api';
import { FakeEventSource } from '../../test/eventSource';
import { NewsList } from './NewsList';

const item = (n: number): NewsItemJson => ({
  id: `n${n}`,
  title: `Headline ${n}`,
  description: `Story ${n}.`,
  url: `https://example.org/${n}`,
  source: 'Wire',
  category: 'health',
  publishedAt: new Date(Date.UTC(2026, 10, 27, 12, n)).toISOString(),
  isActive: true,
});
let served: NewsItemJson[];
const fetchMock = jest.fn(async (_url: string) => ({ ok: true, status: 200, text: async () => JSON.stringify(served) }));
const headlines = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

beforeEach(() => {
  served = [item(2), item(1)];
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  window.scrollTo = jest.fn();
  FakeEventSource.install();
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  FakeEventSource.uninstall();
  jest.restoreAllMocks();
});

it('offers the articles that arrived ("2 new articles") without moving the page, and shows them when asked', async () => {
  const user = userEvent.setup();
  render(<NewsList />);
  await screen.findByText('Headline 2');
  served = [item(4), item(3), item(2), item(1)];
  FakeEventSource.open().at(-1)!.send('news', { version: 12 });
  const offer = await screen.findByRole('button', { name: '2 new articles' });
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/news/aggregate', '/api/news/aggregate?v=12']);
  // Nothing inserted under the reader until they ask.
  expect(headlines()).toEqual(['Headline 2', 'Headline 1']);
  await user.click(offer);
  expect(headlines()).toEqual(['Headline 4', 'Headline 3', 'Headline 2', 'Headline 1']);
  expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
  expect(window.scrollTo).toHaveBeenCalledWith({ top: 0 });
});

it('offers nothing when the list read again has no article the page lacks', async () => {
  render(<NewsList />);
  await screen.findByText('Headline 2');
  FakeEventSource.open().at(-1)!.send('news', { version: 13 });
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(screen.queryByRole('button', { name: /new article/ })).toBeNull();
});
