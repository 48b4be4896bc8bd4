/** What is drawn over the scene, in screen space: the HUD bar, the level and end messages, and the confetti. */
import {
  CANVAS_HEIGHT,
  CANVAS_WIDTH,
  LEVEL_COMPLETE_MESSAGE_FRAMES,
  MAX_LIVES,
  START_MESSAGE_FRAMES,
  STEPS_PER_SECOND,
  currentScore,
  secondsLeft,
  type GameState,
  type LevelData,
} from '@haic/contract';
import { COLORS } from './palette';
import { ROCKET_TIMELINE } from './rocket';
import { drawCoin, drawHeart } from './sprites';

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const HINT = '\u2190 \u2192 to move \u00b7 Space / \u2191 to jump \u00b7 reach the patient!';

function centeredText(ctx: CanvasRenderingContext2D, text: string, y: number, size: number, fill: string, outline: string | null): void {
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

export function drawHud(ctx: CanvasRenderingContext2D, state: GameState): void {
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
export function drawMessages(ctx: CanvasRenderingContext2D, state: GameState, level: LevelData): void {
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
