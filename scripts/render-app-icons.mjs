// Renders the installed app's icons from the shop's logo (public/favicon.svg) into public/icons/.
// Run after changing the logo: node scripts/render-app-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = readFileSync(path.join(root, 'public/favicon.svg'), 'utf8').trim();

// A maskable icon is cut to any shape (circle, squircle…) by the phone: the background fills the
// whole square and the car sits inside the middle 80% (the "safe zone"), scaled down to 60%.
const glyph = logo
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>$/, '')
  .replace(/<title>.*?<\/title>/, '')
  .replace(/<rect[^>]*\/>/, '');
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#b91c1c"/><g transform="translate(8 6.4) scale(0.6)">${glyph}</g></svg>`;

const outputs = [
  { file: 'icon-192.png', svg: logo, size: 192 },
  { file: 'icon-512.png', svg: logo, size: 512 },
  { file: 'maskable-512.png', svg: maskable, size: 512 },
  { file: 'apple-touch-icon-180.png', svg: maskable, size: 180 },
];
for (const { file, svg, size } of outputs) {
  const target = path.join(root, 'public/icons', file);
  const info = await sharp(Buffer.from(svg), { density: (72 * size) / 40 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(target);
  console.log(`${file}: ${size}×${size}, ${info.size} bytes`);
}
