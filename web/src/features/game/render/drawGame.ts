/**
 * Draws a Nurse Help Me game state on an 800x400 canvas context using canvas primitives only.
 * Cheap on purpose: objects outside the camera are skipped, similar shapes are batched into one path,
 * the sky gradient is created once per context, and there are no shadows or images.
 * The caller sets any device-pixel-ratio scaling on the context before calling.
 */
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  COIN_SIZE,
  GROUND_Y,
  LEVEL_COMPLETE_MESSAGE_FRAMES,
  MAX_LIVES,
  NURSE_HEIGHT,
  NURSE_WIDTH,
  PATIENT_HEIGHT,
  PATIENT_WIDTH,
  ROCKET_FRAMES,
  START_MESSAGE_FRAMES,
  STEPS_PER_SECOND,
  TILE,
  VIRUS_SIZE,
  cameraX,
  currentScore,
  secondsLeft,
  type GameState,
  type LevelData,
} from '@haic/contract';
import { COLORS, ROCKET_HEIGHT, drawCoin, drawHeart, drawNurse, drawPatient, drawRocket, drawVirus } from './sprites';

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

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const HINT = '\u2190 \u2192 to move \u00b7 Space / \u2191 to jump \u00b7 reach the patient!';

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

function drawBackground(ctx: CanvasRenderingContext2D, camX: number): void {
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

function drawTerrain(ctx: CanvasRenderingContext2D, level: LevelData, camX: number): void {
  const left = camX - TILE;
  const right = camX + CANVAS_WIDTH + TILE;

  // Gaps read as dark pits: paint the strip below the ground line, then the ground over it.
  ctx.fillStyle = COLORS.pit;
  ctx.fillRect(camX, GROUND_Y + 10, CANVAS_WIDTH, CANVAS_HEIGHT - GROUND_Y - 10);

  // Ground: tiled hospital floor with a teal edge.
  ctx.fillStyle = COLORS.groundBody;
  ctx.beginPath();
  for (const g of level.ground) {
    if (g.x + g.w < left || g.x > right) continue;
    ctx.rect(g.x, GROUND_Y, g.w, CANVAS_HEIGHT - GROUND_Y);
  }
  ctx.fill();
  ctx.strokeStyle = COLORS.groundLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const g of level.ground) {
    if (g.x + g.w < left || g.x > right) continue;
    const x0 = Math.max(g.x, Math.floor(left / TILE) * TILE);
    const x1 = Math.min(g.x + g.w, right);
    for (let x = Math.ceil(x0 / TILE) * TILE; x < x1; x += TILE) {
      if (x <= g.x) continue;
      ctx.moveTo(x + 0.5, GROUND_Y + 8);
      ctx.lineTo(x + 0.5, CANVAS_HEIGHT);
    }
    ctx.moveTo(Math.max(g.x, left), GROUND_Y + 28.5);
    ctx.lineTo(x1, GROUND_Y + 28.5);
  }
  ctx.stroke();
  ctx.fillStyle = COLORS.groundTop;
  ctx.beginPath();
  for (const g of level.ground) {
    if (g.x + g.w < left || g.x > right) continue;
    ctx.rect(g.x, GROUND_Y, g.w, 8);
  }
  ctx.fill();
  ctx.fillStyle = COLORS.groundEdge;
  ctx.beginPath();
  for (const g of level.ground) {
    if (g.x + g.w < left || g.x > right) continue;
    ctx.rect(g.x, GROUND_Y + 8, 3, CANVAS_HEIGHT - GROUND_Y - 8);
    ctx.rect(g.x + g.w - 3, GROUND_Y + 8, 3, CANVAS_HEIGHT - GROUND_Y - 8);
  }
  ctx.fill();

  // Platforms: white shelves with a teal top.
  ctx.fillStyle = COLORS.platformBody;
  ctx.strokeStyle = COLORS.platformEdge;
  ctx.lineWidth = 2;
  ctx.beginPath();
  for (const p of level.platforms) {
    if (p.x + p.w < left || p.x > right) continue;
    ctx.rect(p.x + 1, p.y + 1, p.w - 2, p.h - 2);
  }
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = COLORS.platformTop;
  ctx.beginPath();
  for (const p of level.platforms) {
    if (p.x + p.w < left || p.x > right) continue;
    ctx.rect(p.x, p.y, p.w, 5);
  }
  ctx.fill();
}

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

function centeredText(
  ctx: CanvasRenderingContext2D,
  text: string,
  y: number,
  size: number,
  fill: string,
  outline: string | null,
): void {
  ctx.font = `bold ${size}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (outline) {
    ctx.strokeStyle = outline;
    ctx.lineWidth = Math.max(3, size / 8);
    ctx.lineJoin = 'round';
    ctx.strokeText(text, CANVAS_WIDTH / 2, y);
  }
  ctx.fillStyle = fill;
  ctx.fillText(text, CANVAS_WIDTH / 2, y);
}

function messagePanel(ctx: CanvasRenderingContext2D, y: number, h: number, alpha: number): void {
  ctx.globalAlpha = alpha * 0.88;
  ctx.fillStyle = COLORS.white;
  ctx.fillRect(CANVAS_WIDTH / 2 - 230, y, 460, h);
  ctx.globalAlpha = alpha;
  ctx.fillStyle = COLORS.platformEdge;
  ctx.fillRect(CANVAS_WIDTH / 2 - 230, y, 460, 5);
}

function formatTime(steps: number): string {
  const s = Math.floor(steps / STEPS_PER_SECOND);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The level clock turns red when this few seconds are left. */
const HURRY_SECONDS = 15;

function drawHud(ctx: CanvasRenderingContext2D, state: GameState): void {
  ctx.fillStyle = COLORS.hudBg;
  ctx.fillRect(8, 8, 384, 30);
  ctx.fillRect(CANVAS_WIDTH - 108, 8, 100, 30);
  ctx.fillStyle = COLORS.text;
  ctx.font = `bold 15px ${FONT}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(`Level ${state.level}/${state.levels.length}`, 18, 24);
  for (let i = 0; i < MAX_LIVES; i++) drawHeart(ctx, 118 + i * 20, 17, i < state.lives);
  ctx.fillStyle = COLORS.text;
  ctx.fillText(`Score ${currentScore(state)}`, 190, 24);
  drawCoin(ctx, 300, 16, 0);
  ctx.fillStyle = COLORS.text;
  ctx.fillText(`\u00d7 ${state.totalCoins}`, 322, 24);
  // The level clock: when it runs out the nurse loses a life.
  const left = secondsLeft(state);
  ctx.textAlign = 'right';
  if (left <= HURRY_SECONDS && state.status === 'playing') ctx.fillStyle = COLORS.crossRed;
  ctx.fillText(formatTime(left * STEPS_PER_SECOND), CANVAS_WIDTH - 18, 24);
}

function drawMessages(ctx: CanvasRenderingContext2D, state: GameState, level: LevelData): void {
  const s = state.status;
  if ((s === 'playing' || s === 'dying') && state.startMessageFrames > 0) {
    const alpha = Math.min(1, state.startMessageFrames / 30, (START_MESSAGE_FRAMES - state.startMessageFrames + 1) / 10);
    messagePanel(ctx, 110, 120, alpha);
    centeredText(ctx, `Level ${state.level}`, 145, 40, COLORS.scrubsDark, null);
    centeredText(ctx, level.name, 180, 18, COLORS.text, null);
    ctx.font = `14px ${FONT}`;
    ctx.fillText(HINT, CANVAS_WIDTH / 2, 208);
    ctx.globalAlpha = 1;
  } else if (s === 'levelComplete' && state.levelCompleteFrames < LEVEL_COMPLETE_MESSAGE_FRAMES) {
    const alpha = Math.min(1, (state.levelCompleteFrames + 1) / 10);
    messagePanel(ctx, 120, 100, alpha);
    centeredText(ctx, 'Level Complete!', 158, 36, COLORS.scrubsDark, null);
    centeredText(ctx, 'Patient saved \u2014 next level coming up\u2026', 194, 16, COLORS.text, null);
    ctx.globalAlpha = 1;
  } else if (s === 'celebrating') {
    const f = state.rocketFrames;
    const T = ROCKET_TIMELINE;
    if (f < T.boardEnd) {
      centeredText(ctx, 'All patients saved!', 110, 30, COLORS.white, COLORS.scrubsDark);
    } else if (f < T.ignitionEnd) {
      const n = 3 - Math.floor(((f - T.boardEnd) * 3) / (T.ignitionEnd - T.boardEnd));
      centeredText(ctx, String(n), 130, 56, COLORS.white, COLORS.crossRed);
    } else if (f < T.savedFrom) {
      centeredText(ctx, 'Lift off!', 110, 36, COLORS.white, COLORS.crossRed);
    } else {
      ctx.globalAlpha = Math.min(1, (f - T.savedFrom) / 40);
      centeredText(ctx, 'World Saved!', 170, 64, COLORS.flameInner, COLORS.crossRed);
      ctx.globalAlpha = 1;
    }
  } else if (s === 'completed') {
    drawConfetti(ctx, state.tick);
    centeredText(ctx, 'World Saved!', 170, 64, COLORS.flameInner, COLORS.crossRed);
    centeredText(ctx, `Final score ${currentScore(state)}`, 225, 22, COLORS.white, COLORS.scrubsDark);
  } else if (s === 'gameOver') {
    ctx.globalAlpha = 0.45;
    ctx.fillStyle = COLORS.text;
    ctx.fillRect(0, 0, CANVAS_WIDTH, CANVAS_HEIGHT);
    ctx.globalAlpha = 1;
    centeredText(ctx, 'Game Over', 180, 52, COLORS.white, COLORS.crossRed);
  }
}

const CONFETTI_COLORS = [COLORS.crossRed, COLORS.coin, COLORS.scrubs, COLORS.blanket, COLORS.virus];

function drawConfetti(ctx: CanvasRenderingContext2D, tick: number): void {
  for (let c = 0; c < CONFETTI_COLORS.length; c++) {
    ctx.fillStyle = CONFETTI_COLORS[c] as string;
    ctx.beginPath();
    for (let i = c; i < 60; i += CONFETTI_COLORS.length) {
      const x = (i * 137.5 + Math.sin(tick * 0.03 + i) * 20) % CANVAS_WIDTH;
      const y = ((i * 53 + tick * (1 + (i % 3) * 0.5)) % (CANVAS_HEIGHT + 20)) - 10;
      ctx.rect(x, y, 6, 4);
    }
    ctx.fill();
  }
}

/**
 * Draws the whole frame for `state`: background, level, coins, viruses, the patient, the nurse,
 * the rocket (after the last level), the HUD and the messages.
 */
export function drawGame(ctx: CanvasRenderingContext2D, state: GameState): void {
  const level = state.levelData;
  const camX = cameraX(state);
  const tick = state.tick;

  ctx.save();
  ctx.globalAlpha = 1;
  drawBackground(ctx, camX);
  ctx.translate(-camX, 0);
  drawTerrain(ctx, level, camX);

  const left = camX - 64;
  const right = camX + CANVAS_WIDTH + 64;

  // Coins.
  const coins = level.coins;
  for (let i = 0; i < coins.length; i++) {
    if (state.coinsTaken[i]) continue;
    const c = coins[i];
    if (!c || c.x + COIN_SIZE < left || c.x > right) continue;
    drawCoin(ctx, c.x, c.y + Math.sin(tick * 0.08 + i) * 1.5, tick * 0.06 + i * 0.7);
  }

  // Patient (and the rocket after the last level).
  const celebrating = state.status === 'celebrating' || state.status === 'completed';
  const rocketFrames = state.status === 'completed' ? ROCKET_FRAMES : state.rocketFrames;
  const p = level.patient;
  const boarded = celebrating && rocketFrames >= ROCKET_TIMELINE.boardEnd;
  if (p.x + PATIENT_WIDTH + 16 >= left && p.x - 16 <= right) {
    drawPatient(ctx, p.x, p.y, tick * 0.1, state.status === 'playing' || state.status === 'dying', !boarded);
  }

  // Viruses.
  for (const v of state.viruses) {
    if (v.x + VIRUS_SIZE < left || v.x > right) continue;
    drawVirus(ctx, v.x, v.y + Math.sin(tick * 0.15 + v.minX) * 1.5, tick * 0.05 * v.dir);
  }

  // Nurse (hidden once she has boarded the rocket).
  const n = state.nurse;
  if (!boarded) {
    if (state.status === 'dying') {
      ctx.save();
      ctx.translate(n.x + NURSE_WIDTH / 2, n.y + NURSE_HEIGHT / 2);
      ctx.rotate(Math.PI);
      drawNurse(ctx, -NURSE_WIDTH / 2, -NURSE_HEIGHT / 2, n.facing, 0, true);
      ctx.restore();
    } else {
      const moving = n.vx !== 0 && n.onGround && state.status === 'playing';
      drawNurse(ctx, n.x, n.y, n.facing, moving ? tick * 0.4 : 0, !n.onGround);
    }
  }

  if (celebrating) {
    const r = rocketPosition(level, rocketFrames);
    if (r.y + ROCKET_HEIGHT + 60 > 0) drawRocket(ctx, r.x, r.y, r.flame, tick * 0.8);
  }

  ctx.restore();

  ctx.save();
  drawHud(ctx, state);
  drawMessages(ctx, state, level);
  ctx.restore();
}

/** The gap to a raced run, in points (the on-screen score: level * 100 + coins * 10); positive when ahead. */
export const pointsGap = (player: GameState, ghost: GameState) => currentScore(player) - currentScore(ghost);

/**
 * A race's ghost: the raced run's nurse, translucent, where she is at this step when both are on the
 * same level (drawn with the player's camera), and the gap in points under the HUD.
 */
export function drawGhost(ctx: CanvasRenderingContext2D, player: GameState, ghost: GameState, name: string): void {
  ctx.save();
  if (ghost.level === player.level && (ghost.status === 'playing' || ghost.status === 'levelComplete')) {
    ctx.globalAlpha = 0.4;
    ctx.translate(-cameraX(player), 0);
    const n = ghost.nurse;
    drawNurse(ctx, n.x, n.y, n.facing, n.vx !== 0 && n.onGround ? ghost.tick * 0.4 : 0, !n.onGround);
    ctx.translate(cameraX(player), 0);
  }
  ctx.globalAlpha = 1;
  const gap = pointsGap(player, ghost);
  const where = ghost.level === player.level ? '' : ghost.level > player.level ? ` · on level ${ghost.level}` : ` · still on level ${ghost.level}`;
  const text = `vs ${name}: ${gap > 0 ? '+' : ''}${gap} points${where}`;
  ctx.font = 'bold 14px system-ui, sans-serif';
  const width = ctx.measureText(text).width + 20;
  ctx.fillStyle = COLORS.hudBg;
  ctx.fillRect(CANVAS_WIDTH / 2 - width / 2, 40, width, 24);
  ctx.fillStyle = gap >= 0 ? '#1b7f3b' : '#b3261e';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, CANVAS_WIDTH / 2, 52);
  ctx.restore();
}
