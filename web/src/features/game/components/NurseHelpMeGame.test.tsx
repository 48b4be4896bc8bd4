import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
  const text = JSON.stringify({ success: true, totalPoints: 1450 });
  return { ok: true, status: 200, text: async () => text };
});

// The lazily loaded game chunk (canvas, loop, engine) is compiled on its first import: do that once
// here, so the tests below time the game and not the TypeScript compiler on a busy machine.
beforeAll(async () => {
  await import('./GameCanvas');
}, 60_000);

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => {
  jest.restoreAllMocks();
});

it('shows the welcome panel, the local high score and the stat cards', () => {
  localStorage.setItem('nurseHelpMeHighScore', '730');
  render(<NurseHelpMeGame />);
  expect(screen.getByRole('heading', { name: 'Welcome, Nurse!' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start Game' })).toBeInTheDocument();
  expect(screen.getByTestId('stat-high-score')).toHaveTextContent('730');
  expect(screen.getByTestId('stat-games-played')).toHaveTextContent('0');
  expect(screen.getByText('Coming Soon')).toBeInTheDocument();
});

it('goes back to the welcome panel and logs it when the canvas cannot start', async () => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  render(<NurseHelpMeGame />);
  await userEvent.click(screen.getByRole('button', { name: 'Start Game' }));
  await waitFor(() => expect(error).toHaveBeenCalledWith('Nurse Help Me: the game could not start', expect.any(Error)));
  expect(screen.getByRole('button', { name: 'Start Game' })).toBeInTheDocument();
  expect(screen.queryByTestId('game-canvas')).not.toBeInTheDocument();
});

it('plays, posts the score at the end and shows the Game Over panel', async () => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(fakeContext() as never);
  render(<NurseHelpMeGame />);
  await userEvent.click(screen.getByRole('button', { name: 'Start Game' }));
  expect(await screen.findByTestId('game-canvas')).toBeInTheDocument();
  await waitFor(() => expect(window.__nurseHelpMe).toBeDefined());
  expect(window.__nurseHelpMe!.getState()).toMatchObject({ status: 'playing', level: 1, lives: 3 });

  act(() => window.__nurseHelpMe!.finish({ level: 3, coins: 25, seconds: 100 }));
  expect(await screen.findByRole('dialog', { name: 'Game Over' })).toBeInTheDocument();
  expect(screen.getByTestId('level-reached')).toHaveTextContent('3');
  expect(screen.getByTestId('coins-collected')).toHaveTextContent('25');
  expect(await screen.findByText('Score saved! Login to track all your scores and earn rewards.')).toBeInTheDocument();
  const [url, init] = fetchMock.mock.calls[0];
  expect(url).toBe('/api/game/nursehelpme/score');
  expect(JSON.parse(String(init?.body))).toMatchObject({ score: 550, level: 3, timeElapsed: 100, totalPoints: 1450 });
  expect(screen.getByTestId('stat-high-score')).toHaveTextContent('550');
  expect(screen.getByTestId('stat-games-played')).toHaveTextContent('1');

  await userEvent.click(screen.getByRole('button', { name: 'Play Again' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(window.__nurseHelpMe!.getState()).toMatchObject({ status: 'playing', level: 1, totalCoins: 0 });
});
