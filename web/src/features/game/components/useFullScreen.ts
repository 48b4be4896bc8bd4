/**
 * Full screen for the game: the Fullscreen API (turned to landscape where the browser lets a page lock
 * it), else a fallback that fills the window. Either way, a portrait screen shows the game turned to
 * landscape (GameCanvas.module.css), so the canvas spans the screen's long side.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';

type Mode = 'api' | 'fallback';

export function useFullScreen(target: RefObject<HTMLElement>) {
  const [mode, setMode] = useState<Mode | null>(null);

  const enter = useCallback(async () => {
    const element = target.current;
    if (element && typeof element.requestFullscreen === 'function' && document.fullscreenEnabled) {
      try {
        await element.requestFullscreen({ navigationUI: 'hide' });
        setMode('api');
        const orientation = screen.orientation as ScreenOrientation & { lock?: (o: string) => Promise<void> };
        await orientation?.lock?.('landscape').catch(() => undefined);
        return;
      } catch {
        // Refused (an iframe, a setting): the fallback below.
      }
    }
    setMode('fallback');
  }, [target]);

  const exit = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    setMode(null);
  }, []);

  useEffect(() => {
    // Leaving full screen with the browser's own control (Esc, back) ends the mode too.
    const onChange = () => {
      if (!document.fullscreenElement) setMode((current) => (current === 'api' ? null : current));
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  useEffect(() => {
    if (mode !== 'fallback') return;
    // The page behind does not scroll while the game fills the window.
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMode(null);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('keydown', onKey);
    };
  }, [mode]);

  return { active: mode !== null, mode, enter, exit };
}
