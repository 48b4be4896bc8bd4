import { CANVAS_WIDTH, cameraX, currentScore, type GameState } from '@haic/contract';
import { COLORS } from './palette';
import { drawNurse } from './sprites';

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
