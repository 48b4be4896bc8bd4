import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SearchResponse } from '@haic/contract';
import { AS_YOU_TYPE_DELAY_MS } from './useResultsAsYouType';
import { HeaderSearch } from './HeaderSearch';

const answer = (q: string): SearchResponse => ({
  results: [
    {
      type: 'blog',
      title: `All about ${q}`,
      url: '/blog/all-about',
      snippet: `Text &lt;b&gt; with <mark>${q}</mark> in it`,
      publishedAt: '2026-11-20T00:00:00.000Z',
    },
    { type: 'players', title: `${q}fan`, url: '/runs/abc', snippet: `<mark>${q}fan</mark>`, publishedAt: '2026-11-21T10:00:00.000Z' },
  ],
  total: 2,
  page: 1,
  pageSize: 5,
});

let requests: { url: string; signal?: AbortSignal }[];
let desktop: boolean;

beforeEach(() => {
  jest.useFakeTimers();
  requests = [];
  desktop = true;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    requests.push({ url, signal: init?.signal ?? undefined });
    const q = new URL(url, 'http://site').searchParams.get('q') ?? '';
    return { ok: true, status: 200, text: async () => JSON.stringify(answer(q)) };
  }) as unknown as typeof fetch;
  window.matchMedia = ((query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  })) as unknown as typeof window.matchMedia;
});

afterEach(() => {
  jest.useRealTimers();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const renderHeader = () =>
  render(
    <MemoryRouter initialEntries={['/news']}>
      <HeaderSearch />
      <label>
        Another field <input />
      </label>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const box = () => screen.getByRole('searchbox', { name: 'Search the site' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const focus = (element: HTMLElement) => act(() => element.focus());
const settle = async () => {
  await act(async () => {
    jest.advanceTimersByTime(AS_YOU_TYPE_DELAY_MS);
  });
  await act(async () => {
    await Promise.resolve();
  });
};

it('the / key focuses the box from anywhere on the page, but not while typing in a field', () => {
  renderHeader();
  fireEvent.keyDown(document.body, { key: '/' });
  expect(box()).toHaveFocus();
  const other = screen.getByRole('textbox', { name: 'Another field' });
  focus(other);
  fireEvent.keyDown(other, { key: '/' });
  expect(other).toHaveFocus();
  fireEvent.keyDown(document.body, { key: '/', ctrlKey: true });
  expect(other).toHaveFocus();
});

it('asks once typing pauses, cancels the request of text that changed, and shows the first results with their words marked', async () => {
  renderHeader();
  focus(box());
  type('n');
  await settle();
  expect(requests).toHaveLength(0);
  type('nu');
  act(() => {
    jest.advanceTimersByTime(AS_YOU_TYPE_DELAY_MS - 50);
  });
  type('nur');
  act(() => {
    jest.advanceTimersByTime(AS_YOU_TYPE_DELAY_MS - 50);
  });
  expect(requests).toHaveLength(0);
  await settle();
  expect(requests.map((r) => new URL(r.url, 'http://site').searchParams.toString())).toEqual(['q=nur&type=all&page=1&pageSize=5']);

  type('nurse');
  await act(async () => {
    jest.advanceTimersByTime(AS_YOU_TYPE_DELAY_MS);
  });
  type('nursex');
  expect(requests.at(-1)?.signal?.aborted).toBe(true);
  await settle();
  expect(requests.at(-1)?.url).toContain('q=nursex');
  expect(await screen.findByRole('link', { name: /All about nursex/ })).toHaveAttribute('href', '/blog/all-about');
  const region = screen.getByRole('region', { name: 'Search results' });
  expect(region.querySelector('mark')?.textContent).toBe('nursex');
  // Escaped text in a snippet is text.
  expect(region.textContent).toContain('Text <b> with nursex in it');
  expect(region.querySelector('b')).toBeNull();
  expect(screen.getByRole('link', { name: 'See all 2 results' })).toHaveAttribute('href', '/search?q=nursex');
});

it('Enter opens the search page for the text; the arrow keys walk the results', async () => {
  renderHeader();
  focus(box());
  type('ledger');
  await settle();
  fireEvent.keyDown(box(), { key: 'ArrowDown' });
  expect(screen.getByRole('link', { name: /All about ledger/ })).toHaveFocus();
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(box()).toHaveFocus();
  fireEvent.submit(box());
  expect(screen.getByTestId('where').textContent).toBe('/search?q=ledger');
  expect(document.getElementById('site-search-results')).not.toBeVisible();
});

it('on a phone asks for nothing as one types (the search page has the results)', async () => {
  desktop = false;
  renderHeader();
  focus(box());
  type('ledger');
  await settle();
  expect(requests).toHaveLength(0);
  expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '/search');
});
