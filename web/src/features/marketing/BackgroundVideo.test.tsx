import { act, fireEvent, render, screen } from '@testing-library/react';
import { BackgroundVideo } from './BackgroundVideo';

const props = {
  files: { webm: '/media/hero.webm', mp4: '/media/hero.mp4', poster: '/media/hero-poster.jpg' },
  label: 'Hero animation',
  testId: 'video',
};

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  }));
}

const flush = () => act(async () => {});

/** A click anywhere on the page, and the promises it starts settled. */
async function clickPage() {
  fireEvent.click(document.body);
  await flush();
}

/** Mounts the video for a visitor who does or does not ask for reduced motion, and lets its effects run. */
async function showVideo({ reduceMotion }: { reduceMotion: boolean }) {
  mockReducedMotion(reduceMotion);
  const view = render(<BackgroundVideo {...props} />);
  await flush();
  return view;
}

describe('BackgroundVideo', () => {
  afterEach(() => jest.restoreAllMocks());

  it('tries playback again on the first click after autoplay was blocked, and only once', async () => {
    const play = jest
      .spyOn(HTMLMediaElement.prototype, 'play')
      .mockRejectedValueOnce(new DOMException('blocked', 'NotAllowedError'))
      .mockResolvedValue(undefined);
    await showVideo({ reduceMotion: false });
    expect(play).toHaveBeenCalledTimes(1);

    await clickPage();
    expect(play).toHaveBeenCalledTimes(2);

    await clickPage();
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('does not retry when autoplay worked', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await showVideo({ reduceMotion: false });
    await clickPage();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('stops listening for the retry click once the page is left', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('blocked', 'NotAllowedError'));
    const { unmount } = await showVideo({ reduceMotion: false });
    unmount();
    await clickPage();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('leaves the video still for visitors who ask for reduced motion', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await showVideo({ reduceMotion: true });
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play video' })).toBeInTheDocument();
  });

  it('is muted, looping, inline, with a poster, and loads nothing before it plays', () => {
    mockReducedMotion(true);
    render(<BackgroundVideo {...props} />);
    const video = screen.getByTestId('video') as HTMLVideoElement;
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/media/hero-poster.jpg');
  });
});
