import { useEffect, type RefObject } from 'react';

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function tryPlay(video: HTMLVideoElement): Promise<void> {
  try {
    return Promise.resolve(video.play());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Starts a muted background video. When the browser blocks autoplay, playback is tried
 * again on the visitor's first click anywhere on the page (a user gesture unlocks it).
 * Visitors who ask for reduced motion get the poster and the play button instead.
 */
export function useAutoplayRetry(ref: RefObject<HTMLVideoElement | null>) {
  useEffect(() => {
    const video = ref.current;
    if (!video || prefersReducedMotion()) return;
    let active = true;
    let retry: (() => void) | null = null;

    tryPlay(video).catch(() => {
      if (!active) return;
      retry = () => {
        retry = null;
        if (video.paused) tryPlay(video).catch(() => undefined);
      };
      document.addEventListener('click', retry, { once: true });
    });

    return () => {
      active = false;
      if (retry) document.removeEventListener('click', retry);
    };
  }, [ref]);
}
