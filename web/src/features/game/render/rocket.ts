/** The rescue rocket after the last level: its sprite, the timeline of the rescue, and where it stands in it. */
import { PATIENT_HEIGHT, type LevelData } from '@haic/contract';
import { COLORS } from './palette';
import { discWithSpots } from './shapes';

/** Rocket size (the drawing extends below for the flame). */
export const ROCKET_WIDTH = 44;
export const ROCKET_HEIGHT = 96;

/** The rescue rocket (top-left x, y); `flame` 0..1 is the flame length, `flicker` animates it. */
export function drawRocket(ctx: CanvasRenderingContext2D, x: number, y: number, flame: number, flicker: number): void {
  const w = ROCKET_WIDTH;
  const h = ROCKET_HEIGHT;
  const cx = x + w / 2;

  if (flame > 0) {
    const len = (26 + Math.sin(flicker) * 6) * flame;
    ctx.fillStyle = COLORS.flameOuter;
    ctx.beginPath();
    ctx.moveTo(cx - 11, y + h - 8);
    ctx.lineTo(cx, y + h - 8 + len + 12);
    ctx.lineTo(cx + 11, y + h - 8);
    ctx.fill();
    ctx.fillStyle = COLORS.flameInner;
    ctx.beginPath();
    ctx.moveTo(cx - 6, y + h - 8);
    ctx.lineTo(cx, y + h - 8 + len * 0.7 + 6);
    ctx.lineTo(cx + 6, y + h - 8);
    ctx.fill();
  }

  // Fins.
  ctx.fillStyle = COLORS.rocketTrim;
  ctx.beginPath();
  ctx.moveTo(x + 8, y + h - 36);
  ctx.lineTo(x - 4, y + h - 4);
  ctx.lineTo(x + 10, y + h - 10);
  ctx.moveTo(x + w - 8, y + h - 36);
  ctx.lineTo(x + w + 4, y + h - 4);
  ctx.lineTo(x + w - 10, y + h - 10);
  ctx.fill();

  // Body and nose cone.
  ctx.fillStyle = COLORS.rocketBody;
  ctx.strokeStyle = '#90a4ae';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(cx, y);
  ctx.quadraticCurveTo(x + w + 2, y + 26, x + w - 6, y + h - 8);
  ctx.lineTo(x + 6, y + h - 8);
  ctx.quadraticCurveTo(x - 2, y + 26, cx, y);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = COLORS.rocketTrim;
  ctx.beginPath();
  ctx.moveTo(cx, y);
  ctx.quadraticCurveTo(x + w - 6, y + 10, x + w - 3, y + 20);
  ctx.lineTo(x + 3, y + 20);
  ctx.quadraticCurveTo(x + 6, y + 10, cx, y);
  ctx.fill();

  // Window with the rescued patient and nurse.
  discWithSpots(ctx, COLORS.rocketWindow, [cx, y + 38, 9], COLORS.skin, [
    [cx - 3, y + 40, 3.5],
    [cx + 4, y + 40, 3.5],
  ]);
  ctx.fillStyle = COLORS.white;
  ctx.fillRect(cx + 1, y + 34, 6, 3);

  // Red cross on the body.
  ctx.fillStyle = COLORS.crossRed;
  ctx.fillRect(cx - 3, y + 54, 6, 18);
  ctx.fillRect(cx - 9, y + 60, 18, 6);
}

/** Rocket timeline (frames of the 'celebrating' state). */
export const ROCKET_TIMELINE = {
  /** The rocket descends and lands next to the bed. */
  landEnd: 90,
  /** The nurse and the patient board. */
  boardEnd: 150,
  /** Countdown with the engine lit. */
  ignitionEnd: 210,
  /** 'World Saved!' fades in from here. */
  savedFrom: 390,
} as const;

/** Where the rescue rocket stands and how far it has climbed, for a 'celebrating' frame count. */
export function rocketPosition(level: LevelData, frames: number): { x: number; y: number; flame: number } {
  const T = ROCKET_TIMELINE;
  const x = Math.max(0, level.patient.x - 80);
  const groundY = level.patient.y + PATIENT_HEIGHT - ROCKET_HEIGHT + 4;
  if (frames < T.landEnd) {
    const t = 1 - frames / T.landEnd; // 1 -> 0
    return { x, y: groundY - 420 * t * t, flame: 0.6 };
  }
  if (frames < T.boardEnd) return { x, y: groundY, flame: 0 };
  if (frames < T.ignitionEnd) return { x, y: groundY, flame: (frames - T.boardEnd) / (T.ignitionEnd - T.boardEnd) };
  const t = frames - T.ignitionEnd;
  return { x, y: groundY - 0.012 * t * t, flame: 1 };
}
