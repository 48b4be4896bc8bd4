import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SearchResponse } from '@haic/contract';
import { InitialDataProvider, type InitialData } from '../../lib/initialData';
import { searchKey } from './address';
import { SearchView } from './SearchView';

const RESPONSE: SearchResponse = {
  results: [
    {
      type: 'news',
      title: 'Nurse staffing survey',
      url: 'https://news.example.org/staffing',
      snippet: '<mark>Nurse</mark> staffing survey',
      publishedAt: '2026-11-27T09:00:00.000Z',
    },
    {
      type: 'blog',
      title: 'Notes from the ward',
      url: '/blog/notes',
      snippet: 'Beware &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; near the <mark>nurse</mark>&#39;s desk',
      publishedAt: '2026-11-20T00:00:00.000Z',
    },
    { type: 'players', title: 'nursejoy', url: '/runs/abc', snippet: '<mark>nursejoy</mark>', publishedAt: '2026-11-01T10:00:00.000Z' },
  ],
  total: 23,
  page: 2,
  pageSize: 3,
};

let requests: string[];
beforeEach(() => {
  requests = [];
  global.fetch = jest.fn(async (url: string) => {
    requests.push(url);
    const q = new URL(url, 'http://site').searchParams.get('q');
    const body: SearchResponse = q === 'zzqx' ? { results: [], total: 0, page: 1, pageSize: 10 } : RESPONSE;
    return { ok: true, status: 200, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

const renderAt = (url: string, data: InitialData = {}) =>
  render(
    <InitialDataProvider value={data}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/search" element={<SearchView />} />
        </Routes>
      </MemoryRouter>
    </InitialDataProvider>,
  );

it('shows the results the page was rendered with: kind, date, linked title, the snippet as text with its words marked', () => {
  renderAt('/search?q=nurse&page=2', { search: { key: searchKey({ q: 'nurse', type: 'all', page: 2 }), response: RESPONSE } });
  expect(requests).toEqual([]);
  expect(document.title).toBe('Search: nurse - HAIC');
  expect(screen.getByRole('searchbox', { name: 'Search posts, news and players' })).toHaveValue('nurse');
  expect(screen.getByRole('status')).toHaveTextContent('23 results for “nurse”');
  const items = screen.getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    'NewsNovember 27, 2026Nurse staffing survey (opens in a new tab)',
    'Blog postNovember 20, 2026Notes from the wardBeware <script>alert("x")</script> near the nurse\'s desk',
    'PlayerBest run, November 1, 2026nursejoy',
  ]);
  expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', 'https://news.example.org/staffing');
  expect(within(items[0]!).getByRole('link')).toHaveAttribute('target', '_blank');
  expect(within(items[1]!).getByRole('link', { name: 'Notes from the ward' })).toHaveAttribute('href', '/blog/notes');
  expect(items[1]!.querySelector('script')).toBeNull();
  expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Nurse', 'nurse', 'nursejoy']);
  // The result numbers follow the page; the pages link both ways.
  expect(screen.getByRole('list')).toHaveAttribute('start', '4');
  const pages = screen.getByRole('navigation', { name: 'Result pages' });
  expect(pages).toHaveTextContent('Page 2 of 8');
  expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/search?q=nurse');
  expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/search?q=nurse&page=3');
  const types = screen.getByRole('navigation', { name: 'Result types' });
  expect(
    within(types)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]),
  ).toEqual([
    ['All', '/search?q=nurse', 'page'],
    ['Blog', '/search?q=nurse&type=blog', null],
    ['News', '/search?q=nurse&type=news', null],
    ['Players', '/search?q=nurse&type=players', null],
  ]);
});

it('asks the API for a search the page was not rendered with, and searches again from its box', async () => {
  renderAt('/search?q=ledger&type=news', { search: { key: searchKey({ q: 'nurse', type: 'all', page: 1 }), response: RESPONSE } });
  expect(await screen.findByText('Notes from the ward')).toBeInTheDocument();
  expect(requests.map((url) => new URL(url, 'http://site').search)).toEqual(['?q=ledger&type=news&page=1&pageSize=10']);
  const box = screen.getByRole('searchbox', { name: 'Search posts, news and players' });
  await userEvent.clear(box);
  await userEvent.type(box, 'zzqx{Enter}');
  expect(await screen.findByText('Nothing in news matches your search.')).toBeInTheDocument();
  expect(requests.at(-1)).toContain('q=zzqx&type=news');
});

it('an empty result says so and suggests what to try; no query shows the suggestions; a one-letter query says what a query is', async () => {
  const { unmount } = renderAt('/search?q=zzqx');
  expect(await screen.findByText('Nothing matches your search.')).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('0 results for “zzqx”');
  expect(screen.getByRole('link', { name: 'XRP Ledger' })).toHaveAttribute('href', '/search?q=XRP+Ledger');
  unmount();

  const empty = renderAt('/search');
  expect(document.title).toBe('Search - HAIC');
  expect(screen.getByText("Type a word or two: a title, a topic, a player's name.")).toBeInTheDocument();
  empty.unmount();

  renderAt('/search?q=x');
  expect(screen.getByText('Type 2 to 100 characters to search.')).toBeInTheDocument();
  expect(requests).toEqual(['/api/search?q=zzqx&type=all&page=1&pageSize=10']);
});
