/** The page's one live stream: opened while something listens and the tab is shown, closed otherwise. */
import { FakeEventSource } from '../test/eventSource';

type LiveModule = typeof import('./live');

const openSources = () => FakeEventSource.open();
let visibility: DocumentVisibilityState = 'visible';
const showTab = (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
let live: LiveModule;
/** Every subscription a test makes, undone after it (each test loads the module afresh). */
let stops: Array<() => void> = [];
const subscribe: LiveModule['subscribeLive'] = (topic, listener) => {
  const stop = live.subscribeLive(topic, listener);
  stops.push(stop);
  return stop;
};

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  jest.useFakeTimers();
  jest.resetModules();
  FakeEventSource.made = [];
  visibility = 'visible';
  FakeEventSource.install();
  live = jest.requireActual('./live');
});
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  jest.runOnlyPendingTimers();
  jest.useRealTimers();
});

it('opens one stream for the whole page, however many listen, and hands each topic its events', () => {
  const boards: unknown[] = [];
  const news: unknown[] = [];
  subscribe('board', (data) => boards.push(data));
  subscribe('board', (data) => boards.push(data));
  subscribe('news', (data) => news.push(data));
  expect(FakeEventSource.made).toHaveLength(1);
  expect(FakeEventSource.made[0]!.url).toBe('/api/live');
  FakeEventSource.made[0]!.send('board', { periods: ['all'], version: 7 }, '7');
  expect(boards).toEqual([
    { periods: ['all'], version: 7 },
    { periods: ['all'], version: 7 },
  ]);
  expect(news).toEqual([]);
});

it('holds no stream while the tab is hidden, and opens one again from the last event when it is shown', () => {
  subscribe('blog', () => undefined);
  FakeEventSource.made[0]!.send('blog', { slug: 'a', action: 'published', version: 41 }, '41');
  showTab('hidden');
  expect(openSources()).toEqual([]);
  showTab('visible');
  expect(openSources()).toHaveLength(1);
  expect(openSources()[0]!.url).toBe('/api/live?lastEventId=41');
});

it('opens nothing without a listener, and closes once the last one has gone', () => {
  expect(FakeEventSource.made).toEqual([]);
  const stop = subscribe('news', () => undefined);
  stop();
  // A page that follows at once keeps the stream.
  const next = subscribe('news', () => undefined);
  jest.advanceTimersByTime(5000);
  expect(openSources()).toHaveLength(1);
  next();
  jest.advanceTimersByTime(1000);
  expect(openSources()).toEqual([]);
});

it('leaves the page as it is when the stream is refused, or when the browser has no EventSource', () => {
  subscribe('board', () => undefined);
  FakeEventSource.made[0]!.refuse();
  subscribe('news', () => undefined);
  expect(FakeEventSource.made).toHaveLength(1);

  jest.resetModules();
  FakeEventSource.uninstall();
  const without: LiveModule = jest.requireActual('./live');
  const stop = without.subscribeLive('board', () => undefined);
  expect(FakeEventSource.made).toHaveLength(1);
  stop();
});

it('opens the first stream of a page load only once the page has loaded, and settled', () => {
  jest.resetModules();
  // A browser keeps the page's navigation timing (jsdom does not): the load has not ended yet.
  Object.assign(performance, { getEntriesByType: () => [{ loadEventEnd: 0 }] });
  live = jest.requireActual('./live');
  subscribe('board', () => undefined);
  expect(openSources()).toEqual([]);
  window.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(1900);
  expect(openSources()).toEqual([]);
  jest.advanceTimersByTime(100);
  expect(openSources()).toHaveLength(1);
  delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
});
