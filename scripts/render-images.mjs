// Renders the shop's SVG illustrations (assets-src/images/*.svg) to
// responsive WebP files in public/images/<name>-<width>.webp.
//
// Usage: node scripts/render-images.mjs
//
// To use real photos instead, drop WebP files with the same names and
// widths into public/images/ (see assets-src/images/README.md).
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = path.join(root, 'assets-src', 'images');
const outDir = path.join(root, 'public', 'images');

const images = [
  { name: 'hero', widths: [800, 1600] },
  { name: 'shop-exterior', widths: [640, 1200] },
  { name: 'paint-booth', widths: [640, 1200] },
  { name: 'collision-bay', widths: [640, 1200] },
  { name: 'dent-repair', widths: [640, 1200] },
  { name: 'handover', widths: [640, 1200] },
];

const webpOptions = { quality: 72, effort: 6, smartSubsample: true };

await mkdir(outDir, { recursive: true });

let failed = false;
for (const { name, widths } of images) {
  const svg = await readFile(path.join(srcDir, `${name}.svg`));
  const { width: svgWidth } = await sharp(svg).metadata();
  for (const width of widths) {
    const outFile = path.join(outDir, `${name}-${width}.webp`);
    // Rasterise the vector at the target size (rather than scaling a bitmap)
    // so edges stay crisp at every width.
    const density = (72 * width) / svgWidth;
    try {
      await sharp(svg, { density }).resize({ width }).webp(webpOptions).toFile(outFile);
      const { size } = await stat(outFile);
      console.log(`${path.relative(root, outFile).padEnd(36)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
    } catch (error) {
      failed = true;
      console.error(`Failed to render ${name} at ${width}px:`, error);
    }
  }
}

if (failed) process.exitCode = 1;
