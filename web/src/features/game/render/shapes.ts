/** Shapes more than one sprite is drawn from. */
type Circle = [x: number, y: number, r: number];

/** A filled, outlined disc with round spots on it (the spots in one path, each begun at its own rim). */
export function discWithSpots(ctx: CanvasRenderingContext2D, color: string, [x, y, r]: Circle, spotColor: string, spots: Circle[]): void {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = spotColor;
  ctx.beginPath();
  spots.forEach(([sx, sy, sr], i) => {
    if (i > 0) ctx.moveTo(sx + sr, sy);
    ctx.arc(sx, sy, sr, 0, Math.PI * 2);
  });
  ctx.fill();
}
