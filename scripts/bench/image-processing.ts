/**
 * How long the photo upload pipeline takes on a phone-sized original, and how much memory it needs.
 * Makes a ~10 MB, 12-megapixel (4000 × 3000) JPEG full of fine detail, stored sideways (EXIF
 * orientation 6) with a GPS position, then runs the app's real pipeline (`processPhoto`: validate,
 * turn upright, strip metadata, re-encode, thumbnail) on it several times in a fresh process and
 * prints time per image and memory growth next to the input's size.
 *
 *   npm run bench:image
 *   BENCH_RUNS=10 npm run bench:image
 *   BENCH_IMAGE=~/Pictures/IMG_0001.jpg npm run bench:image   (a real phone photo instead)
 *
 * Target (issue "performance"): under 1 s per image; no more than two copies of the input in memory.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { processPhoto } from '#server/features/photos/image-processing.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 1000;
const WIDTH = 4000;
const HEIGHT = 3000;
const MB = 1024 * 1024;

/** Photo-like detail: smooth colour gradients under Gaussian grain, as a high-quality camera JPEG keeps it. */
async function makePhoto(grain: number): Promise<Buffer> {
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1d4e89"/><stop offset="0.5" stop-color="#c0392b"/><stop offset="1" stop-color="#f1c40f"/>
      </linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
    </svg>`,
  );
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: grain },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'BenchCam', Model: 'Serial 0001' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '28/1 13/1 3000/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '82/1 27/1 1500/100',
        },
      },
    })
    .toBuffer();
}

/** The grain that brings the file closest to (but under) the 10 MB upload limit. */
async function makeTenMegabytePhoto(): Promise<Buffer> {
  let low = 1;
  let high = 64;
  let best = await makePhoto(low);
  for (let step = 0; step < 7; step++) {
    const grain = (low + high) / 2;
    const photo = await makePhoto(grain);
    if (photo.length <= MAX_PHOTO_BYTES) {
      best = photo;
      low = grain;
    } else {
      high = grain;
    }
    if (best.length > MAX_PHOTO_BYTES * 0.95) break;
  }
  return best;
}

function median(sorted: number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Runs in a fresh child process so the memory figures hold only the pipeline, not the image generator. */
async function measure(file: string): Promise<void> {
  const input = readFileSync(file);
  const mb = (bytes: number) => (bytes / MB).toFixed(1);
  const copies = (bytes: number) => (bytes / input.length).toFixed(2);

  await processPhoto(input); // warm-up: loads libvips' codecs once
  const baseline = process.memoryUsage();
  const peak = { rss: baseline.rss, external: baseline.external, arrayBuffers: baseline.arrayBuffers };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.external = Math.max(peak.external, now.external);
    peak.arrayBuffers = Math.max(peak.arrayBuffers, now.arrayBuffers);
  };
  // libvips works on its own threads, so this thread is free to sample while an image is processed.
  const sampler = setInterval(sample, 2);

  const times: number[] = [];
  const cpuTimes: number[] = [];
  let last: Awaited<ReturnType<typeof processPhoto>> | undefined;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    last = await processPhoto(input);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    sample();
  }
  clearInterval(sampler);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);

  const meta = await sharp(input).metadata();
  console.log(
    `input: ${meta.width} × ${meta.height} ${meta.format} (EXIF orientation ${meta.orientation ?? 'none'}), ${mb(input.length)} MB`,
  );
  if (last) {
    console.log(
      `output: photo ${last.photo.width} × ${last.photo.height} JPEG ${(last.photo.data.length / 1024).toFixed(0)} KB, thumbnail ${last.thumbnail.width} × ${last.thumbnail.height} WebP ${(last.thumbnail.data.length / 1024).toFixed(1)} KB`,
    );
  }
  console.log(
    `sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ${sharp.concurrency()} libvips threads`,
  );
  console.log(
    `\ntime per image over ${RUNS} runs: median ${median(times).toFixed(0)} ms, max ${(times.at(-1) ?? 0).toFixed(0)} ms (CPU time: median ${median(cpuTimes).toFixed(0)} ms, max ${(cpuTimes.at(-1) ?? 0).toFixed(0)} ms)`,
  );
  console.log('memory above the baseline (input already loaded), peak while processing:');
  for (const key of ['rss', 'external', 'arrayBuffers'] as const) {
    const growth = peak[key] - baseline[key];
    console.log(`  ${key.padEnd(12)} +${mb(growth).padStart(5)} MB  = ${copies(growth)} × the input`);
  }
  console.log(
    `  (the input itself is ${mb(input.length)} MB of arrayBuffers; decoded pixels live in libvips' native memory, counted in rss only)`,
  );
  const worst = times.at(-1) ?? Number.POSITIVE_INFINITY;
  const buffersGrowth = peak.arrayBuffers - baseline.arrayBuffers;
  console.log(
    `\n${worst < TARGET_MS ? 'PASS' : 'FAIL'}  every image under ${TARGET_MS} ms (max ${worst.toFixed(0)} ms)`,
  );
  console.log(
    `${buffersGrowth + input.length <= 2 * input.length ? 'PASS' : 'FAIL'}  at most two copies of the input in JS buffers (input + ${copies(buffersGrowth)} × more)`,
  );
}

async function main(): Promise<void> {
  const measureFile = process.argv[2] === '--measure' ? process.argv[3] : undefined;
  if (measureFile) return measure(measureFile);

  const dir = mkdtempSync(path.join(tmpdir(), 'shop-image-bench-'));
  try {
    let file = process.env.BENCH_IMAGE;
    if (!file) {
      console.log(`Making a ${WIDTH} × ${HEIGHT} test photo near the 10 MB limit…`);
      file = path.join(dir, 'photo.jpg');
      writeFileSync(file, await makeTenMegabytePhoto());
    }
    const self = fileURLToPath(import.meta.url);
    const child = spawnSync(process.execPath, [...process.execArgv, self, '--measure', file], {
      stdio: 'inherit',
    });
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
