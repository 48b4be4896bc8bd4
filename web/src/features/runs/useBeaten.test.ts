import { renderHook, waitFor } from '@testing-library/react';
import type { PublicRun } from '@haic/contract';
import { FakeEventSource } from '../../test/eventSource';
import { useBeaten } from './useBeaten';

const run = (id: string, player: string, totalPoints: number, verified = true): PublicRun => ({
  id,
  player,
  walletVerified: false,
  totalPoints,
  score: 300,
  bonusPoints: totalPoints - 300,
  level: 3,
  timeElapsed: 120,
  playedDate: '2026-11-27T10:00:00.000Z',
  verified,
  inputLog: verified ? 'a5' : null,
  seed: verified ? 1 : null,
});
const mine = run('a'.repeat(24), 'ann', 1500);
const runs = new Map([mine, run('b'.repeat(24), 'bob', 1400), run('c'.repeat(24), 'cat', 1600)].map((r) => [r.id, r]));
const fetchMock = jest.fn(async (url: string) => {
  const found = runs.get(url.split('/').pop()!);
  return { ok: !!found, status: found ? 200 : 404, text: async () => JSON.stringify(found ?? {}) };
});
const boardEvent = (runId: string, version: number) => ({ periods: ['all'], season: '2026-11-23', day: '2026-11-27', runId, version });

beforeEach(() => {
  global.fetch = fetchMock as unknown as typeof fetch;
  FakeEventSource.install();
  jest.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  FakeEventSource.uninstall();
  jest.restoreAllMocks();
});

it('names the run that has just scored more than this one, read from its public page', async () => {
  const { result } = renderHook(() => useBeaten(mine));
  const stream = FakeEventSource.open().at(-1)!;
  stream.send('board', boardEvent('b'.repeat(24), 1));
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(result.current).toBeNull();
  stream.send('board', boardEvent(mine.id, 2));
  stream.send('board', boardEvent('c'.repeat(24), 3));
  await waitFor(() => expect(result.current?.player).toBe('cat'));
  expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/runs/${'b'.repeat(24)}`, `/api/runs/${'c'.repeat(24)}`]);
});

it('says nothing for a run that does not rank', async () => {
  const { result } = renderHook(() => useBeaten(run('d'.repeat(24), 'dee', 100, false)));
  fetchMock.mockClear();
  FakeEventSource.open()
    .at(-1)!
    .send('board', boardEvent('c'.repeat(24), 4));
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(result.current).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});
