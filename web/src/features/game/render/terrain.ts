/** The level's ground (with dark pits in its gaps) and its platforms, only what the camera sees, in batched paths. */
import { CANVAS_HEIGHT, CANVAS_WIDTH, GROUND_Y, TILE, type LevelData } from '@haic/contract';
import { COLORS } from './palette';

export function drawTerrain(ctx: CanvasRenderingContext2D, level: LevelData, camX: number): void {
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
