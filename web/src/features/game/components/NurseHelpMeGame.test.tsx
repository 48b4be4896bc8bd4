import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { NurseHelpMeGame } from './NurseHelpMeGame';

/** A 2D context where every drawing call does nothing. */
function fakeContext(): CanvasRenderingContext2D {
  const gradient = { addColorStop() {} };
  return new Proxy({} as Record<string | symbol, unknown>, {
    get(target, name) {
      if (name in target) return target[name];
      if (name === 'createLinearGradient' || name === 'createRadialGradient') return () => gradient;
      if (name === 'measureText') return () => ({ width: 10 });
      return () => {};
    },
    set(target, name, value) {
      target[name] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
}

let tickets = 0;
const fetchMock = jest.fn(async (url: string, _init?: RequestInit) => {
  const body = url.endsWith('/ticket')
    ? // A guest's ticket comes with the identity the server issued.
      {
        ticket: `ticket-${++tickets}`,
        runId: 'run',
        seed: 1000 + tickets,
        issuedAt: '',
        expiresAt: '',
        guest: { XRPLWallet: 'GUEST_ISSUED01', walletSecret: 'w'.repeat(43) },
      }
    : { success: true, totalPoints: 1450 };
  const text = JSON.stringify(body);
  return { ok: true, status: 200, text: async () => text };
});
const calls = (suffix: string) => fetchMock.mock.calls.filter(([url]) => url.endsWith(suffix));

// The lazily loaded game chunk (canvas, loop, engine) is compiled on its first import: do that once
// here, so the tests below time the game and not the TypeScript compiler on a busy machine.
beforeAll(async () => {
  await import('./GameCanvas');
}, 60_000);

beforeEach(() => {
  // The test handle (window.__nurseHelpMe) these tests end games through; a visitor's page never asks for it.
  window.__nurseHelpMeWanted = true;
  localStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
  delete window.__nurseHelpMeWanted;
});

it('shows the welcome panel, the local high score and the stat cards', () => {
  localStorage.setItem('nurseHelpMeHighScore', '730');
  render(<NurseHelpMeGame />, { wrapper: MemoryRouter });
  expect(screen.getByRole('heading', { name: 'Welcome, Nurse!' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start Game' })).toBeInTheDocument();
  expect(screen.getByTestId('stat-high-score')).toHaveTextContent('730');
  expect(screen.getByTestId('stat-games-played')).toHaveTextContent('0');
  expect(screen.getByText('Coming Soon')).toBeInTheDocument();
});

it('goes back to the welcome panel and logs it when the canvas cannot start', async () => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  render(<NurseHelpMeGame />, { wrapper: MemoryRouter });
  await userEvent.click(screen.getByRole('button', { name: 'Start Game' }));
  await waitFor(() => expect(error).toHaveBeenCalledWith('Nurse Help Me: the game could not start', expect.any(Error)));
  expect(screen.getByRole('button', { name: 'Start Game' })).toBeInTheDocument();
  expect(screen.queryByTestId('game-canvas')).not.toBeInTheDocument();
});

it("a visitor's game has no test handle", async () => {
  delete window.__nurseHelpMeWanted;
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext() as never);
  render(<NurseHelpMeGame />, { wrapper: MemoryRouter });
  await userEvent.click(screen.getByRole('button', { name: 'Start Game' }));
  expect(await screen.findByTestId('game-canvas')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(window.__nurseHelpMe).toBeUndefined();
});

it('plays on a run ticket, posts the score with it at the end and shows the Game Over panel', async () => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext() as never);
  render(<NurseHelpMeGame />, { wrapper: MemoryRouter });
  await userEvent.click(screen.getByRole('button', { name: 'Start Game' }));
  expect(await screen.findByTestId('game-canvas')).toBeInTheDocument();
  await waitFor(() => expect(window.__nurseHelpMe).toBeDefined());
  const seed = 1000 + tickets;
  expect(window.__nurseHelpMe!.getState()).toMatchObject({ status: 'playing', level: 1, lives: 3, seed });

  act(() => window.__nurseHelpMe!.finish({ level: 3, coins: 25, seconds: 100 }));
  expect(await screen.findByRole('dialog', { name: 'Game Over' })).toBeInTheDocument();
  expect(screen.getByTestId('level-reached')).toHaveTextContent('3');
  expect(screen.getByTestId('coins-collected')).toHaveTextContent('25');
  expect(await screen.findByText('Score saved! Login to track all your scores and earn rewards.')).toBeInTheDocument();
  const [[url, init]] = calls('/score');
  expect(url).toBe('/api/game/nursehelpme/score');
  expect(JSON.parse(String(init?.body))).toMatchObject({
    score: 550,
    level: 3,
    timeElapsed: 100,
    totalPoints: 1450,
    ticket: `ticket-${tickets}`,
    seed,
    XRPLWallet: 'GUEST_ISSUED01',
  });
  expect(screen.getByTestId('stat-high-score')).toHaveTextContent('550');
  expect(screen.getByTestId('stat-games-played')).toHaveTextContent('1');

  // Play Again: a new ticket, a new seed.
  await userEvent.click(screen.getByRole('button', { name: 'Play Again' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(calls('/ticket')).toHaveLength(2);
  expect(window.__nurseHelpMe!.getState()).toMatchObject({ status: 'playing', level: 1, totalCoins: 0, seed: seed + 1 });
});

it('without a run ticket the game still plays and its score is saved', async () => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext() as never);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  fetchMock.mockImplementationOnce(async () => {
    throw new TypeError('Failed to fetch');
  });
  render(<NurseHelpMeGame />, { wrapper: MemoryRouter });
  await userEvent.click(screen.getByRole('button', { name: 'Start Game' }));
  await waitFor(() => expect(window.__nurseHelpMe).toBeDefined());
  expect(window.__nurseHelpMe!.getState()).toMatchObject({ status: 'playing', level: 1 });
  act(() => window.__nurseHelpMe!.finish({ level: 2, coins: 5, seconds: 30 }));
  expect(await screen.findByText('Score saved! Login to track all your scores and earn rewards.')).toBeInTheDocument();
  const body = JSON.parse(String(calls('/score')[0][1]?.body));
  expect(body).toMatchObject({ score: 250, level: 2 });
  expect(body.ticket).toBeUndefined();
});
