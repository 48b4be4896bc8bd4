/**
 * Canvas-primitive sprites for Nurse Help Me. Each function draws one object at its top-left corner in
 * the current transform. No images, no shadows, no gradients created per frame.
 */
import { COIN_SIZE, NURSE_HEIGHT, NURSE_WIDTH, PATIENT_HEIGHT, PATIENT_WIDTH, VIRUS_SIZE } from '@haic/contract';
import { COLORS } from './palette';
import { discWithSpots } from './shapes';

/** The nurse: teal scrubs, white cap with a red cross. `walk` is an animation phase, `facing` 1 or -1. */
export function drawNurse(ctx: CanvasRenderingContext2D, x: number, y: number, facing: 1 | -1, walk: number, airborne: boolean): void {
  const swing = airborne ? 2 : Math.sin(walk) * 3;
  const cx = x + NURSE_WIDTH / 2;

  // Legs (scrub trousers) and shoes.
  ctx.fillStyle = COLORS.scrubsDark;
  ctx.fillRect(cx - 6 + swing, y + 22, 5, 8);
  ctx.fillRect(cx + 1 - swing, y + 22, 5, 8);
  ctx.fillStyle = COLORS.shoe;
  ctx.fillRect(cx - 7 + swing, y + NURSE_HEIGHT - 2, 7, 2);
  ctx.fillRect(cx - swing, y + NURSE_HEIGHT - 2, 7, 2);

  // Arms behind the body.
  ctx.fillStyle = COLORS.skin;
  ctx.fillRect(cx - 10, y + 14 - (airborne ? 4 : 0) - swing * 0.5, 3, 8);
  ctx.fillRect(cx + 7, y + 14 - (airborne ? 4 : 0) + swing * 0.5, 3, 8);

  // Scrub top with a white V-neck and a tiny badge.
  ctx.fillStyle = COLORS.scrubs;
  ctx.fillRect(cx - 8, y + 12, 16, 12);
  ctx.fillStyle = COLORS.white;
  ctx.beginPath();
  ctx.moveTo(cx - 3, y + 12);
  ctx.lineTo(cx + 3, y + 12);
  ctx.lineTo(cx, y + 16);
  ctx.closePath();
  ctx.fill();
  ctx.fillRect(cx + 2 * facing - (facing < 0 ? 3 : 0), y + 17, 3, 2);

  // Head and hair.
  ctx.fillStyle = COLORS.hair;
  ctx.beginPath();
  ctx.arc(cx - facing, y + 7, 6.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = COLORS.skin;
  ctx.beginPath();
  ctx.arc(cx + facing, y + 8, 5.5, 0, Math.PI * 2);
  ctx.fill();
  // Eye.
  ctx.fillStyle = COLORS.text;
  ctx.fillRect(cx + facing * 3 - 1, y + 7, 2, 2);

  // White cap with a red cross.
  ctx.fillStyle = COLORS.white;
  ctx.fillRect(cx - 6, y - 1, 12, 5);
  ctx.fillStyle = COLORS.crossRed;
  ctx.fillRect(cx - 1, y - 0.5, 2, 4);
  ctx.fillRect(cx - 2.5, y + 1, 5, 1.5);
}

/** A virus: green spiky circle with an angry face; `spin` rotates the spikes. */
export function drawVirus(ctx: CanvasRenderingContext2D, x: number, y: number, spin: number): void {
  const r = VIRUS_SIZE / 2 - 4;
  const cx = x + VIRUS_SIZE / 2;
  const cy = y + VIRUS_SIZE / 2;

  // Spikes (one path) and their knobs (one path).
  ctx.strokeStyle = COLORS.virusDark;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = spin + (i * Math.PI) / 4;
    const c = Math.cos(a);
    const s = Math.sin(a);
    ctx.moveTo(cx + c * r, cy + s * r);
    ctx.lineTo(cx + c * (r + 3), cy + s * (r + 3));
  }
  ctx.stroke();
  ctx.fillStyle = COLORS.virusDark;
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = spin + (i * Math.PI) / 4;
    const kx = cx + Math.cos(a) * (r + 3.5);
    const ky = cy + Math.sin(a) * (r + 3.5);
    ctx.moveTo(kx + 2, ky);
    ctx.arc(kx, ky, 2, 0, Math.PI * 2);
  }
  ctx.fill();

  // Body.
  discWithSpots(ctx, COLORS.virus, [cx, cy, r], COLORS.virusSpot, [
    [cx - 4, cy + 4, 1.8],
    [cx + 4, cy + 3, 1.5],
  ]);

  // Angry face.
  ctx.fillStyle = COLORS.white;
  ctx.fillRect(cx - 5, cy - 3, 4, 4);
  ctx.fillRect(cx + 1, cy - 3, 4, 4);
  ctx.fillStyle = COLORS.text;
  ctx.fillRect(cx - 4, cy - 2, 2, 2);
  ctx.fillRect(cx + 2, cy - 2, 2, 2);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(cx - 6, cy - 6);
  ctx.lineTo(cx - 1, cy - 4);
  ctx.moveTo(cx + 6, cy - 6);
  ctx.lineTo(cx + 1, cy - 4);
  ctx.stroke();
}

/** A gold coin with a plus sign, spinning with `phase`. */
export function drawCoin(ctx: CanvasRenderingContext2D, x: number, y: number, phase: number): void {
  const cx = x + COIN_SIZE / 2;
  const cy = y + COIN_SIZE / 2;
  const rx = Math.max(1.5, 7 * Math.abs(Math.cos(phase)));
  ctx.fillStyle = COLORS.coin;
  ctx.strokeStyle = COLORS.coinEdge;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.ellipse(cx, cy, rx, 7, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  if (rx > 4) {
    ctx.fillStyle = COLORS.coinEdge;
    ctx.fillRect(cx - 1, cy - 3.5, 2, 7);
    ctx.fillRect(cx - Math.min(3.5, rx - 1.5), cy - 1, Math.min(7, 2 * rx - 3), 2);
  }
}

/** The patient in a hospital bed (64x32 box) with an IV stand; `bob` animates the 'Help!' bubble. */
export function drawPatient(ctx: CanvasRenderingContext2D, x: number, y: number, bob: number, callingForHelp: boolean, occupied = true): void {
  const w = PATIENT_WIDTH;
  const h = PATIENT_HEIGHT;
  // IV stand behind the bed head.
  ctx.fillStyle = COLORS.bedFrame;
  ctx.fillRect(x - 6, y - 14, 2, h + 14);
  ctx.fillRect(x - 10, y + h - 2, 10, 2);
  ctx.fillStyle = '#e1f5fe';
  ctx.fillRect(x - 9, y - 14, 8, 10);
  ctx.strokeStyle = COLORS.bedFrame;
  ctx.lineWidth = 1;
  ctx.strokeRect(x - 9, y - 14, 8, 10);

  // Frame: head board, foot board, legs and wheels.
  ctx.fillStyle = COLORS.bedFrame;
  ctx.fillRect(x, y + 2, 4, h - 4);
  ctx.fillRect(x + w - 4, y + 10, 4, h - 12);
  ctx.fillRect(x, y + 22, w, 4);
  ctx.fillRect(x + 6, y + 26, 3, 4);
  ctx.fillRect(x + w - 9, y + 26, 3, 4);
  ctx.fillStyle = '#455a64';
  ctx.fillRect(x + 4, y + h - 3, 7, 3);
  ctx.fillRect(x + w - 11, y + h - 3, 7, 3);

  // Mattress, pillow, head, blanket with a red cross.
  ctx.fillStyle = COLORS.white;
  ctx.fillRect(x + 4, y + 16, w - 8, 6);
  ctx.fillStyle = COLORS.pillow;
  ctx.fillRect(x + 5, y + 8, 14, 8);
  if (occupied) {
    ctx.fillStyle = COLORS.skin;
    ctx.beginPath();
    ctx.arc(x + 13, y + 9, 5.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#8d6e63';
    ctx.fillRect(x + 8, y + 3, 10, 3);
    ctx.fillStyle = COLORS.text;
    ctx.fillRect(x + 14, y + 8, 3, 1.2);
  }
  ctx.fillStyle = COLORS.blanket;
  ctx.fillRect(x + 18, occupied ? y + 11 : y + 16, w - 22, occupied ? 11 : 6);
  if (occupied) {
    ctx.fillStyle = COLORS.white;
    ctx.fillRect(x + 38, y + 13, 3, 7);
    ctx.fillRect(x + 36, y + 15, 7, 3);
  }

  if (callingForHelp) {
    const by = y - 30 + Math.sin(bob) * 2;
    ctx.fillStyle = COLORS.white;
    ctx.strokeStyle = COLORS.crossRed;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.rect(x + 14, by, 40, 18);
    ctx.moveTo(x + 20, by + 18);
    ctx.lineTo(x + 16, by + 24);
    ctx.lineTo(x + 26, by + 18);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = COLORS.crossRed;
    ctx.font = 'bold 11px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('Help!', x + 34, by + 9.5);
  }
}

/** A heart for the lives display (about 16x14). */
export function drawHeart(ctx: CanvasRenderingContext2D, x: number, y: number, filled: boolean): void {
  ctx.fillStyle = filled ? COLORS.heart : COLORS.heartEmpty;
  ctx.beginPath();
  ctx.moveTo(x + 8, y + 14);
  ctx.bezierCurveTo(x - 4, y + 6, x + 2, y - 3, x + 8, y + 3);
  ctx.bezierCurveTo(x + 14, y - 3, x + 20, y + 6, x + 8, y + 14);
  ctx.fill();
}
