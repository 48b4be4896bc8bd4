/**
 * The sky, the clouds and the hospital skyline behind the level, in parallax with the camera. The sky
 * gradient is created once per context; clouds, buildings, windows and crosses are each one path.
 */
import { CANVAS_HEIGHT, CANVAS_WIDTH, GROUND_Y } from '@haic/contract';
import { COLORS } from './palette';

interface ContextCache {
  sky: CanvasGradient;
}
const contextCache = new WeakMap<CanvasRenderingContext2D, ContextCache>();

function cacheFor(ctx: CanvasRenderingContext2D): ContextCache {
  let c = contextCache.get(ctx);
  if (!c) {
    const sky = ctx.createLinearGradient(0, 0, 0, CANVAS_HEIGHT);
    sky.addColorStop(0, COLORS.skyTop);
    sky.addColorStop(1, COLORS.skyBottom);
    c = { sky };
    contextCache.set(ctx, c);
  }
  return c;
}

/** Deterministic skyline: hospital blocks repeating every SKYLINE_PERIOD px of parallax space. */
const SKYLINE_PERIOD = 960;
const SKYLINE: ReadonlyArray<{ x: number; w: number; h: number; cross: boolean; near: boolean }> = [
  { x: 0, w: 120, h: 150, cross: true, near: false },
  { x: 150, w: 80, h: 100, cross: false, near: true },
  { x: 260, w: 150, h: 190, cross: true, near: false },
  { x: 440, w: 90, h: 120, cross: false, near: true },
  { x: 560, w: 130, h: 165, cross: false, near: false },
  { x: 720, w: 110, h: 135, cross: true, near: true },
  { x: 860, w: 70, h: 95, cross: false, near: false },
];
const CLOUDS: ReadonlyArray<{ x: number; y: number; s: number }> = [
  { x: 60, y: 60, s: 1 },
  { x: 380, y: 40, s: 0.8 },
  { x: 640, y: 85, s: 1.2 },
  { x: 920, y: 50, s: 0.9 },
];
const CLOUD_PERIOD = 1200;

export function drawBackground(ctx: CanvasRenderingContext2D, camX: number): void {
  ctx.fillStyle = cacheFor(ctx).sky;
  ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);

  // Clouds (slow parallax), one path.
  const cloudOffset = (camX * 0.15) % CLOUD_PERIOD;
  ctx.fillStyle = COLORS.cloud;
  ctx.beginPath();
  for (let rep = 0; rep < 2; rep++) {
    for (const c of CLOUDS) {
      const x = c.x - cloudOffset + rep * CLOUD_PERIOD;
      if (x < -100 || x > CANVAS_WIDTH + 100) continue;
      const r = 16 * c.s;
      ctx.moveTo(x + r, c.y);
      ctx.arc(x, c.y, r, 0, Math.PI * 2);
      ctx.moveTo(x + r * 2.3, c.y + 4);
      ctx.arc(x + r * 1.3, c.y + 4, r, 0, Math.PI * 2);
      ctx.moveTo(x + r * 0.3, c.y + 6);
      ctx.arc(x - r, c.y + 6, r * 0.8, 0, Math.PI * 2);
    }
  }
  ctx.fill();

  // Hospital skyline (parallax 0.35): bodies, then windows and crosses in batched paths.
  const off = (camX * 0.35) % SKYLINE_PERIOD;
  for (let pass = 0; pass < 2; pass++) {
    ctx.fillStyle = pass === 0 ? COLORS.buildingFar : COLORS.buildingNear;
    ctx.beginPath();
    for (let rep = 0; rep < 2; rep++) {
      for (const b of SKYLINE) {
        if (b.near !== (pass === 1)) continue;
        const x = b.x - off + rep * SKYLINE_PERIOD;
        if (x + b.w < 0 || x > CANVAS_WIDTH) continue;
        ctx.rect(x, GROUND_Y - b.h, b.w, b.h);
      }
    }
    ctx.fill();
  }
  ctx.fillStyle = COLORS.window;
  ctx.beginPath();
  for (let rep = 0; rep < 2; rep++) {
    for (const b of SKYLINE) {
      const x = b.x - off + rep * SKYLINE_PERIOD;
      if (x + b.w < 0 || x > CANVAS_WIDTH) continue;
      for (let wy = GROUND_Y - b.h + (b.cross ? 40 : 14); wy < GROUND_Y - 20; wy += 24) {
        for (let wx = x + 12; wx < x + b.w - 16; wx += 22) ctx.rect(wx, wy, 10, 12);
      }
    }
  }
  ctx.fill();
  ctx.fillStyle = COLORS.crossRed;
  ctx.beginPath();
  for (let rep = 0; rep < 2; rep++) {
    for (const b of SKYLINE) {
      if (!b.cross) continue;
      const x = b.x - off + rep * SKYLINE_PERIOD + b.w / 2;
      if (x < -20 || x > CANVAS_WIDTH + 20) continue;
      const y = GROUND_Y - b.h + 8;
      ctx.rect(x - 4, y, 8, 24);
      ctx.rect(x - 12, y + 8, 24, 8);
    }
  }
  ctx.fill();
}
