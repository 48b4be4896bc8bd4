/**
 * Draws a Nurse Help Me game state on an 800x400 canvas context using canvas primitives only.
 * Cheap on purpose: objects outside the camera are skipped, similar shapes are batched into one path,
 * the sky gradient is created once per context, and there are no shadows or images.
 * The caller sets any device-pixel-ratio scaling on the context before calling.
 */
import { CANVAS_WIDTH, COIN_SIZE, NURSE_HEIGHT, NURSE_WIDTH, PATIENT_WIDTH, ROCKET_FRAMES, VIRUS_SIZE, cameraX, type GameState } from '@haic/contract';
import { drawBackground } from './background';
import { drawHud, drawMessages } from './hud';
import { ROCKET_HEIGHT, ROCKET_TIMELINE, drawRocket, rocketPosition } from './rocket';
import { drawCoin, drawNurse, drawPatient, drawVirus } from './sprites';
import { drawTerrain } from './terrain';

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
