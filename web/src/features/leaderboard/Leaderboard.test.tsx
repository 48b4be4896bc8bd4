import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { LeaderboardEntry, LeaderboardResponse } from '@haic/contract';
import { clearSessions, setWebSession } from '../../lib/auth';
import { FakeEventSource } from '../../test/eventSource';
import { LEADERBOARD_TEXTS, Leaderboard } from './Leaderboard';

const entry = (rank: number, player: string, totalPoints: number): LeaderboardEntry => ({
  rank,
  player,
  totalPoints,
  score: totalPoints - 800,
  bonusPoints: 800,
  level: 3,
  timeElapsed: 200,
  playedDate: new Date(Date.UTC(2026, 10, 20, 12, 0, rank)).toISOString(),
  runId: `run${String(rank).padStart(21, '0')}`,
  walletVerified: false,
});

let boards: Record<string, LeaderboardResponse>;
let seasons: Record<string, LeaderboardEntry[]> = {};
const fetchMock = jest.fn(async (url: string) => {
  const season = /\/api\/leaderboard\/seasons\/([\d-]+)/.exec(url)?.[1];
  if (season) return { ok: true, status: 200, text: async () => JSON.stringify({ season, ended: true, entries: seasons[season] ?? [] }) };
  const period = new URL(url, 'http://site').searchParams.get('period') ?? 'all';
  const text = JSON.stringify(boards[period]);
  return { ok: true, status: 200, text: async () => text };
});

beforeEach(() => {
  localStorage.clear();
  clearSessions();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  boards = {
    all: { period: 'all', entries: Array.from({ length: 50 }, (_, i) => entry(i + 1, i === 0 ? 'GUEST_AB…GH' : `player${i + 1}`, 1500 - i)) },
    week: { period: 'week', entries: [entry(1, 'nina', 1200), entry(2, 'omar', 1100)] },
    day: { period: 'day', entries: [] },
  };
});

const renderBoard = () =>
  render(
    <MemoryRouter>
      <Leaderboard />
    </MemoryRouter>,
  );

it('shows the top 50 all-time runs with rank, player, points, level, time, date and a Watch link', async () => {
  renderBoard();
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(51);
  expect(
    within(rows[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['1', 'GUEST_AB…GH', '1,500', '3', '3:20', 'Nov 20, 2026', 'Watch']);
  // Every row links to its run's page.
  const watch = within(table).getAllByRole('link', { name: /^Watch .*'s run \(rank \d+\)$/ });
  expect(watch).toHaveLength(50);
  expect(watch[0]).toHaveAttribute('href', `/runs/run${'0'.repeat(20)}1`);
  expect(fetchMock.mock.calls[0]?.[0]).toMatch(/\/api\/leaderboard\?period=all&limit=50$/);
  expect(screen.getByRole('tab', { name: 'All Time' })).toHaveAttribute('aria-selected', 'true');
});

it('switches to this week and today; today is empty and says so', async () => {
  const user = userEvent.setup();
  renderBoard();
  await screen.findByRole('table');
  await user.click(screen.getByRole('tab', { name: 'This Week' }));
  await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
  expect(screen.getByRole('tab', { name: 'This Week' })).toHaveAttribute('aria-selected', 'true');
  await user.click(screen.getByRole('tab', { name: 'Today' }));
  expect(await screen.findByText(LEADERBOARD_TEXTS.empty)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Play Nurse Help Me' })).toHaveAttribute('href', '/games/nurse-help-me');
});

it("highlights the signed-in player's own run in the table", async () => {
  setWebSession('token', { id: 5, username: 'player7', email: 'p7@example.com', createdDate: '' });
  boards.all.me = entry(7, 'player7', 1494);
  renderBoard();
  const table = await screen.findByRole('table');
  const mine = within(table)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-current') === 'true');
  expect(mine).toHaveLength(1);
  expect(mine[0]).toHaveTextContent('player7 (you)');
  expect(within(table).getAllByRole('row')).toHaveLength(51);
});

it('shows the own best rank under the table when it is outside the top 50', async () => {
  setWebSession('token', { id: 9, username: 'slowpoke', email: 's@example.com', createdDate: '' });
  boards.all.me = entry(812, 'slowpoke', 420);
  renderBoard();
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(52);
  const own = rows[51]!;
  expect(own).toHaveAttribute('aria-current', 'true');
  expect(within(own).getAllByRole('cell')[0]).toHaveTextContent('812');
  expect(own).toHaveTextContent('slowpoke (you)');
});

it('shows the wallet badges beside a name, and the address only where the player made it public', async () => {
  boards.week.entries = [
    { ...entry(1, 'nina', 1200), walletVerified: true, holder: true, walletAddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
    { ...entry(2, 'omar', 1100), walletVerified: true, holder: false },
    entry(3, 'pia', 1000),
  ];
  renderBoard();
  await screen.findByRole('table');
  await userEvent.setup().click(screen.getByRole('tab', { name: 'This Week' }));
  const row = async (name: string) => (await screen.findByText(name)).closest('tr')!;
  const nina = await row('nina');
  expect(within(nina).getByRole('img', { name: 'Verified XRPL wallet' })).toBeInTheDocument();
  expect(within(nina).getByRole('img', { name: 'HAIC holder' })).toBeInTheDocument();
  expect(within(nina).getByTitle('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toHaveTextContent('rHb9C…dtyTh');
  const omar = await row('omar');
  expect(within(omar).getByRole('img', { name: 'Verified XRPL wallet' })).toBeInTheDocument();
  expect(within(omar).queryByRole('img', { name: 'HAIC holder' })).toBeNull();
  expect(omar).not.toHaveTextContent(/\br[1-9A-HJ-NP-Za-km-z]{5}…/);
  expect(within(await row('pia')).queryByRole('img')).toBeNull();
});

it('a failed load shows an error', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  global.fetch = jest.fn(async () => ({ ok: false, status: 500, text: async () => '{}' })) as unknown as typeof fetch;
  renderBoard();
  expect(await screen.findByText(LEADERBOARD_TEXTS.loadFailed)).toBeInTheDocument();
});

it('a player beyond the top 50 sees the two rows above and below their own, with true ranks', async () => {
  setWebSession('token', { id: 9, username: 'sixty', email: 's@example.com', createdDate: '' });
  boards.all.me = entry(60, 'sixty', 1000);
  boards.all.around = [entry(58, 'p58', 1002), entry(59, 'p59', 1001), boards.all.me, entry(61, 'p61', 999), entry(62, 'p62', 998)];
  renderBoard();
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(56);
  expect(rows.slice(51).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['58', '59', '60', '61', '62']);
  const mine = rows.filter((row) => row.getAttribute('aria-current') === 'true');
  expect(mine).toHaveLength(1);
  expect(mine[0]).toHaveTextContent('sixty (you)');
  expect(within(table).getByRole('rowgroup', { name: LEADERBOARD_TEXTS.aroundYou })).toBeInTheDocument();
});

it("Last week shows that season's final standings, or says it had none", async () => {
  const user = userEvent.setup();
  jest.useFakeTimers({
    now: new Date('2026-11-26T10:00:00Z'),
    doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate', 'clearTimeout', 'clearInterval'],
  });
  seasons = { '2026-11-16': [entry(1, 'lastweek', 3000)] };
  renderBoard();
  await screen.findByRole('table');
  await user.click(screen.getByRole('tab', { name: 'Last week' }));
  await waitFor(() => expect(screen.getByRole('tab', { name: 'Last week' })).toHaveAttribute('aria-selected', 'true'));
  expect(await screen.findByText('lastweek')).toBeInTheDocument();
  expect(fetchMock.mock.calls.at(-1)?.[0]).toMatch(/\/api\/leaderboard\/seasons\/2026-11-16\?limit=50$/);
  await user.selectOptions(screen.getByLabelText('Older seasons'), '2026-11-09');
  expect(await screen.findByText('No verified runs in the week of Nov 9, 2026.')).toBeInTheDocument();
  jest.useRealTimers();
});

describe('live updates (GET /api/live)', () => {
  const stream = () => FakeEventSource.open().at(-1)!;

  beforeEach(() => {
    FakeEventSource.install();
    // Each page reads again at a moment of its own after an event: here at once.
    jest.spyOn(Math, 'random').mockReturnValue(0);
  });
  afterEach(() => {
    FakeEventSource.uninstall();
    jest.restoreAllMocks();
  });

  it('puts a new run in place without a reload when an event names the period shown; the own row stays marked, the change is announced', async () => {
    setWebSession('token', { id: 5, username: 'omar', email: 'o@example.com', createdDate: '' });
    boards.all = { period: 'all', entries: [entry(1, 'nina', 1200), entry(2, 'omar', 1100)], me: entry(2, 'omar', 1100), around: [] };
    renderBoard();
    await screen.findByText('nina');
    expect(FakeEventSource.open()).toHaveLength(1);
    const table = screen.getByRole('table');

    const zoe = { ...entry(1, 'zoe', 1500), runId: 'zoe0000000000000000000001' };
    boards.all = {
      period: 'all',
      entries: [zoe, { ...entry(2, 'nina', 1200), runId: entry(1, 'nina', 1200).runId }, { ...entry(3, 'omar', 1100), runId: entry(2, 'omar', 1100).runId }],
      me: { ...entry(3, 'omar', 1100), runId: entry(2, 'omar', 1100).runId },
      around: [],
    };
    const loadsBefore = fetchMock.mock.calls.length;
    stream().send('board', { periods: ['all', 'week', 'day'], season: '2026-11-23', day: '2026-11-28', runId: 'r', version: 9 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    // The same table, updated in place: no loading state in between, the new row marked, the read past any cached copy.
    expect(screen.getByRole('table')).toBe(table);
    expect(fetchMock.mock.calls.slice(loadsBefore).map(([url]) => url)).toEqual(['/api/leaderboard?period=all&limit=50&v=9']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(['zoe', 'nina', 'omar (you)']);
    expect(rows[0]).toHaveAttribute('data-risen', 'true');
    expect(rows[2]).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('leaderboard-announcement')).toHaveTextContent('Leaderboard updated: zoe is now #1 with 1,500 points; 2 other rows moved.');
  });

  it('reads nothing again for an event about another period', async () => {
    renderBoard();
    await screen.findByRole('table');
    const loadsBefore = fetchMock.mock.calls.length;
    stream().send('board', { periods: ['day'], season: '2026-11-23', day: '2026-11-28', runId: 'r', version: 10 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock.mock.calls.length).toBe(loadsBefore);
  });
});
