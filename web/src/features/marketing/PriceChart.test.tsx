import { act, fireEvent, render, screen } from '@testing-library/react';
import { PriceChart } from './PriceChart';

type Outcome = 'load' | 'error' | 'hang';
let outcome: Outcome = 'error';
const created: string[] = [];

class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  referrerPolicy = '';
  set src(value: string) {
    if (!value) return;
    created.push(value);
    setTimeout(() => {
      if (outcome === 'load') this.onload?.();
      if (outcome === 'error') this.onerror?.();
    }, 10);
  }
}

/** The visitor asks for the live chart while the chart host behaves as `host` says. */
function askForLiveChart(host: Outcome) {
  outcome = host;
  render(<PriceChart />);
  fireEvent.click(screen.getByRole('button', { name: 'Load live chart' }));
}

const waitMs = (ms: number) =>
  act(async () => {
    jest.advanceTimersByTime(ms);
  });

describe('PriceChart', () => {
  const RealImage = window.Image;
  beforeEach(() => {
    jest.useFakeTimers();
    created.length = 0;
    (window as unknown as { Image: unknown }).Image = FakeImage;
  });
  afterEach(() => {
    jest.useRealTimers();
    window.Image = RealImage;
  });

  it('shows the chart link and asks the chart host for nothing until the visitor wants the live chart', () => {
    render(<PriceChart />);
    const link = screen.getByRole('link', {
      name: /View the HAIC price chart on DEX Screener/,
    });
    expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\/dexscreener\.com\//));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTitle(/live price chart/)).toBeNull();
    expect(created).toEqual([]);
  });

  it('frames the chart when its host answers', async () => {
    askForLiveChart('load');
    expect(screen.getByText('Loading the live chart...')).toBeInTheDocument();
    await waitMs(20);
    const frame = screen.getByTitle('HAIC/XRP live price chart from DEX Screener');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/dexscreener\.com\/.*embed=1/);
  });

  it('falls back to the plain link when the host cannot be reached', async () => {
    askForLiveChart('error');
    await waitMs(20);
    expect(screen.getByText('The live chart cannot be shown here right now.')).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: /View the HAIC price chart on DEX Screener/,
      }),
    ).toBeInTheDocument();
    expect(screen.queryByTitle(/live price chart/)).toBeNull();
  });

  it('falls back to the plain link when the host does not answer in time', async () => {
    askForLiveChart('hang');
    await waitMs(4900);
    expect(screen.getByText('Loading the live chart...')).toBeInTheDocument();
    await waitMs(200);
    expect(screen.getByText('The live chart cannot be shown here right now.')).toBeInTheDocument();
  });
});
