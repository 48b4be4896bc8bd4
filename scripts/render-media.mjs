// Renders the site's two looping videos (home hero, NFT teaser) frame by frame; no outside assets.
// Needs ffmpeg. Usage: node scripts/render-media.mjs <hero|nft> <width> <height> <out.mkv>
// Then encode, e.g. for the hero (854x480) and the NFT teaser (480x480):
//   ffmpeg -i hero.mkv -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -deadline good -cpu-used 4 -pix_fmt yuv420p -an web/public/media/hero.webm
//   ffmpeg -i hero.mkv -c:v libx264 -crf 30 -preset slow -pix_fmt yuv420p -movflags +faststart -an web/public/media/hero.mp4
//   ffmpeg -i hero.mkv -frames:v 1 -q:v 5 web/public/media/hero-poster.jpg   (link previews)
//   ffmpeg -i hero.mkv -frames:v 1 -c:v libwebp -quality 70 web/public/media/hero-poster.webp   (the video's poster)
import { spawn } from 'node:child_process';
const [, , kind, W_, H_, out] = process.argv;
const W = +W_,
  H = +H_,
  FPS = 24,
  SECS = 6,
  N = FPS * SECS;
const buf = new Float32Array(W * H * 3);
const bytes = Buffer.alloc(W * H * 3);
const ff = spawn(
  'ffmpeg',
  ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', '-', '-c:v', 'ffv1', out],
  { stdio: ['pipe', 'inherit', 'inherit'] },
);
const add = (x, y, r, g, b, a) => {
  if (x < 0 || y < 0 || x >= W || y >= H) return;
  const i = (y * W + x) * 3;
  buf[i] += r * a;
  buf[i + 1] += g * a;
  buf[i + 2] += b * a;
};
function glow(cx, cy, rad, col, k = 1) {
  const R = Math.ceil(rad * 3);
  for (let y = Math.floor(cy - R); y <= cy + R; y++)
    for (let x = Math.floor(cx - R); x <= cx + R; x++) {
      const d2 = ((x - cx) ** 2 + (y - cy) ** 2) / (rad * rad);
      add(x, y, ...col, k * Math.exp(-d2));
    }
}
function line(x0, y0, x1, y1, w, col, k = 1) {
  const minx = Math.floor(Math.min(x0, x1) - w * 3),
    maxx = Math.ceil(Math.max(x0, x1) + w * 3),
    miny = Math.floor(Math.min(y0, y1) - w * 3),
    maxy = Math.ceil(Math.max(y0, y1) + w * 3);
  const dx = x1 - x0,
    dy = y1 - y0,
    L2 = dx * dx + dy * dy || 1;
  for (let y = miny; y <= maxy; y++)
    for (let x = minx; x <= maxx; x++) {
      let t = ((x - x0) * dx + (y - y0) * dy) / L2;
      t = Math.max(0, Math.min(1, t));
      const px = x0 + t * dx - x,
        py = y0 + t * dy - y;
      const d = Math.sqrt(px * px + py * py);
      add(x, y, ...col, k * Math.exp(-(d * d) / (w * w)));
    }
}
const TEAL = [19, 196, 163],
  SKY = [58, 134, 255],
  WHITE = [255, 255, 255],
  GOLD = [244, 180, 0];
// deterministic pseudo random
let seed = 7;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const nodes = Array.from({ length: kind === 'hero' ? 26 : 18 }, () => ({
  x: rnd() * W,
  y: rnd() * H,
  ph: rnd() * Math.PI * 2,
  ax: 8 + rnd() * 14,
  ay: 6 + rnd() * 12,
}));
const edges = [];
for (let i = 0; i < nodes.length; i++)
  for (let j = i + 1; j < nodes.length; j++) {
    const d = Math.hypot(nodes[i].x - nodes[j].x, nodes[i].y - nodes[j].y);
    if (d < (kind === 'hero' ? 200 : 190)) edges.push([i, j, rnd()]);
  }
function ecg(p) {
  // p in [0,1): one heartbeat, returns offset (-1..1)
  const g = (c, w, a) => a * Math.exp(-((p - c) ** 2) / (w * w));
  return g(0.2, 0.03, 0.12) - g(0.42, 0.012, 0.15) + g(0.46, 0.014, 1) - g(0.5, 0.014, 0.35) + g(0.7, 0.045, 0.22);
}
for (let f = 0; f < N; f++) {
  const t = f / N; // 0..1 loop phase
  const TAU = Math.PI * 2;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const v = y / H,
        u = x / W;
      if (kind === 'hero') {
        buf[i] = 7 + 6 * v;
        buf[i + 1] = 24 + 16 * v + 6 * u;
        buf[i + 2] = 47 + 24 * v;
      } else {
        const d = Math.hypot(u - 0.5, v - 0.5);
        buf[i] = 12 + 10 * (1 - d);
        buf[i + 1] = 30 + 20 * (1 - d);
        buf[i + 2] = 60 + 30 * (1 - d);
      }
    }
  const pos = nodes.map((n) => ({ x: n.x + n.ax * Math.sin(TAU * t + n.ph), y: n.y + n.ay * Math.cos(TAU * t + n.ph) }));
  for (const [a, b, o] of edges) {
    line(pos[a].x, pos[a].y, pos[b].x, pos[b].y, 0.9, SKY, 0.22);
    const s = (t * 2 + o) % 1;
    glow(pos[a].x + (pos[b].x - pos[a].x) * s, pos[a].y + (pos[b].y - pos[a].y) * s, 2.2, TEAL, 0.9);
  }
  for (const [k, p] of pos.entries()) glow(p.x, p.y, 3.2, k % 5 === 0 ? GOLD : TEAL, 0.55 + 0.45 * Math.sin(TAU * t * 2 + nodes[k].ph) ** 2);
  if (kind === 'hero') {
    const period = W / 3,
      base = H * 0.7,
      amp = H * 0.2,
      shift = t * W;
    let px = null,
      py = null;
    for (let x = 0; x <= W; x += 2) {
      const p = ((((x + shift) % period) + period) % period) / period;
      const y = base - amp * ecg(p);
      if (px !== null) line(px, py, x, y, 1.6, TEAL, 0.9);
      px = x;
      py = y;
    }
  } else {
    const cx = W / 2,
      cy = H / 2;
    const R = W * 0.28;
    let prev = null;
    for (let k = 0; k <= 6; k++) {
      const a = TAU * (k / 6) + (TAU * t) / 6;
      const q = { x: cx + R * Math.cos(a), y: cy + R * Math.sin(a) };
      if (prev) line(prev.x, prev.y, q.x, q.y, 2.2, TEAL, 0.9);
      prev = q;
    }
    prev = null;
    for (let k = 0; k <= 6; k++) {
      const a = -TAU * (k / 6) - (TAU * t) / 6 + TAU / 12;
      const q = { x: cx + R * 0.62 * Math.cos(a), y: cy + R * 0.62 * Math.sin(a) };
      if (prev) line(prev.x, prev.y, q.x, q.y, 1.6, GOLD, 0.8);
      prev = q;
    }
    line(cx - R * 0.28, cy, cx + R * 0.28, cy, 5, WHITE, 0.8);
    line(cx, cy - R * 0.28, cx, cy + R * 0.28, 5, WHITE, 0.8);
    glow(cx, cy, R * 0.5, TEAL, 0.25 + 0.15 * Math.sin(TAU * t) ** 2);
  }
  for (let i = 0; i < buf.length; i++) bytes[i] = Math.max(0, Math.min(255, buf[i]));
  if (!ff.stdin.write(bytes)) await new Promise((r) => ff.stdin.once('drain', r));
}
ff.stdin.end();
await new Promise((r) => ff.on('exit', r));
