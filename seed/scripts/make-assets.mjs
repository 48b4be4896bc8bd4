// Draws the seed's featured images (project-made vector art) and writes them as small WebP files
// into seed/assets. Run once when the art changes: node seed/scripts/make-assets.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const W = 800;
const H = 450;

const frame = (from, to, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#g)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.08" stroke-width="1">${Array.from({ length: 16 }, (_, i) => `<line x1="${i * 56}" y1="0" x2="${i * 56 - 200}" y2="${H}"/>`).join('')}</g>
  ${body}
</svg>`;

const pulse = `<polyline points="40,260 230,260 270,200 310,330 350,150 390,290 420,260 760,260" fill="none" stroke="#13c4a3" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`;
const cross = (x, y, s, c = '#13c4a3') =>
  `<path d="M${x - s / 6} ${y - s / 2}h${s / 3}v${s / 3}h${s / 3}v${s / 3}h-${s / 3}v${s / 3}h-${s / 3}v-${s / 3}h-${s / 3}v-${s / 3}h${s / 3}z" fill="${c}"/>`;
const nodes = (() => {
  const pts = [
    [140, 120],
    [300, 90],
    [460, 150],
    [620, 100],
    [220, 300],
    [400, 330],
    [580, 290],
    [700, 360],
  ];
  const links = [
    [0, 1],
    [1, 2],
    [2, 3],
    [0, 4],
    [4, 5],
    [5, 6],
    [6, 7],
    [2, 5],
    [3, 6],
    [1, 4],
  ];
  return (
    links
      .map(([a, b]) => `<line x1="${pts[a][0]}" y1="${pts[a][1]}" x2="${pts[b][0]}" y2="${pts[b][1]}" stroke="#13c4a3" stroke-opacity="0.7" stroke-width="4"/>`)
      .join('') + pts.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="18" fill="#0b2545" stroke="#13c4a3" stroke-width="6"/>`).join('')
  );
})();
const chart =
  [60, 110, 90, 170, 150, 230, 260]
    .map((h, i) => `<rect x="${150 + i * 75}" y="${380 - h}" width="48" height="${h}" rx="6" fill="#13c4a3" fill-opacity="${0.45 + i * 0.08}"/>`)
    .join('') + `<line x1="120" y1="382" x2="690" y2="382" stroke="#ffffff" stroke-opacity="0.6" stroke-width="4"/>`;
const shield = `<path d="M400 70 L560 130 V240 C560 320 490 370 400 395 C310 370 240 320 240 240 V130 Z" fill="#ffffff" fill-opacity="0.1" stroke="#13c4a3" stroke-width="10"/><path d="M340 235 l40 40 l85 -95" fill="none" stroke="#ffffff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`;
const people =
  [200, 400, 600]
    .map(
      (x, i) =>
        `<circle cx="${x}" cy="${170 + (i % 2) * 20}" r="48" fill="#ffffff" fill-opacity="0.85"/><path d="M${x - 80} ${340 + (i % 2) * 20} C${x - 80} ${250 + (i % 2) * 20} ${x + 80} ${250 + (i % 2) * 20} ${x + 80} ${340 + (i % 2) * 20} Z" fill="#ffffff" fill-opacity="0.85"/>`,
    )
    .join('') + cross(400, 80, 60);
const chip =
  `<rect x="300" y="125" width="200" height="200" rx="22" fill="#0b2545" stroke="#13c4a3" stroke-width="8"/>` +
  Array.from(
    { length: 5 },
    (_, i) =>
      `<line x1="${320 + i * 40}" y1="95" x2="${320 + i * 40}" y2="125" stroke="#13c4a3" stroke-width="6"/><line x1="${320 + i * 40}" y1="325" x2="${320 + i * 40}" y2="355" stroke="#13c4a3" stroke-width="6"/><line x1="270" y1="${145 + i * 40}" x2="300" y2="${145 + i * 40}" stroke="#13c4a3" stroke-width="6"/><line x1="500" y1="${145 + i * 40}" x2="530" y2="${145 + i * 40}" stroke="#13c4a3" stroke-width="6"/>`,
  ).join('') +
  cross(400, 225, 90, '#ffffff');

const images = {
  'blog-pulse.webp': frame('#0b2545', '#134074', pulse + cross(680, 110, 70)),
  'blog-ledger.webp': frame('#0b2545', '#1d3557', nodes),
  'blog-growth.webp': frame('#134074', '#0b2545', chart),
  'blog-privacy.webp': frame('#0b2545', '#0f4c5c', shield),
  'blog-care-team.webp': frame('#0f4c5c', '#0b2545', people),
  'blog-ai-chip.webp': frame('#1d3557', '#0b2545', chip),
};

fs.mkdirSync(out, { recursive: true });
for (const [name, svg] of Object.entries(images)) {
  const file = path.join(out, name);
  await sharp(Buffer.from(svg)).webp({ quality: 72 }).toFile(file);
  console.log(`${name}: ${fs.statSync(file).size} bytes`);
}
