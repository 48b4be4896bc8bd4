/**
 * Keeps a canvas's backing store at its CSS size times the device pixel ratio, so the game stays sharp
 * at any size (a phone in full screen, a desktop). The game draws in its own 800x400 units, scaled.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH } from '@haic/contract';

export interface CanvasSize {
  /** Backing-store pixels per game unit. */
  scale(): number;
  stop(): void;
}

export function watchCanvasSize(canvas: HTMLCanvasElement): CanvasSize {
  let scale = 1;
  const resize = () => {
    const dpr = window.devicePixelRatio || 1;
    const cssWidth = canvas.clientWidth || CANVAS_WIDTH;
    const width = Math.max(1, Math.round(cssWidth * dpr));
    const height = Math.max(1, Math.round((cssWidth * dpr * CANVAS_HEIGHT) / CANVAS_WIDTH));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    scale = width / CANVAS_WIDTH;
  };
  resize();
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
  observer?.observe(canvas);
  window.addEventListener('resize', resize);
  return {
    scale: () => scale,
    stop() {
      observer?.disconnect();
      window.removeEventListener('resize', resize);
    },
  };
}
