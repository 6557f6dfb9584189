import pLimit from 'p-limit';
import type { Metadata } from 'sharp';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { AppError } from '#server/app-error.ts';

export const NOT_AN_IMAGE_MESSAGE =
  'This file is not a supported image. Please choose a JPEG, PNG or WebP photo.';
export const DAMAGED_IMAGE_MESSAGE =
  'This photo could not be read; the file may be damaged or incomplete. Please take or choose it again.';
export const UNREADABLE_HEIC_MESSAGE =
  'This HEIC photo could not be read. Please send it as a JPEG (on iPhone: Settings › Camera › Formats › Most Compatible).';
export const TOO_LARGE_MESSAGE = 'Photos must be 10 MB or smaller.';

/** Above any phone camera (48 MP); a small file declaring more pixels is a decompression bomb. */
export const MAX_PHOTO_PIXELS = 60_000_000;
export const TOO_MANY_PIXELS_MESSAGE =
  'This photo has too many pixels to process (over 60 megapixels). Please choose a smaller photo.';

/**
 * What decoding a photo may cost: its pixels × channels × bytes per channel, the size of the image
 * libvips holds once decoded. The file's size says nothing about it (a 16-bit PNG of one colour
 * compresses to a few hundred kilobytes). 200 MB takes the largest phone photo even with an alpha
 * channel (48 MP × 4 × 1 byte = 192 MB) and any 8-bit photo up to 50 MP with alpha, 60 MP without;
 * it refuses a 60 MP image of 16 bits per channel with two channels or more (240–480 MB).
 */
export const MAX_DECODED_BYTES = 200_000_000;

/** Bytes per channel of each libvips band format (sharp's `metadata().depth`). */
const BYTES_PER_CHANNEL: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

export function tooCostlyMessage(megapixels: number, bitsPerChannel: number): string {
  return `This photo is too large to process (${megapixels} megapixels at ${bitsPerChannel} bits per channel). Please send a smaller photo or a screenshot.`;
}

/**
 * Photos decoded at once by this process. libvips already spreads one photo over every core, so a
 * second decode at the same time gains little speed and doubles the memory: one at a time keeps a
 * burst of uploads to one budget (above) of decoded pixels; the others wait their turn in order.
 */
export const PHOTO_DECODE_CONCURRENCY = 1;
const decodeQueue = pLimit(PHOTO_DECODE_CONCURRENCY);
const decodes = { running: 0, mostAtOnce: 0 };

/** Photos decoding now, waiting their turn, and the most ever decoded at once by this process. */
export function photoDecodeCounts(): { running: number; waiting: number; mostAtOnce: number } {
  return { running: decodes.running, waiting: decodeQueue.pendingCount, mostAtOnce: decodes.mostAtOnce };
}

/** Longest side of the stored photo: sharp on any screen, a fraction of a phone original's bytes. */
export const PHOTO_MAX_EDGE = 2560;
/** Longest side of the list thumbnail (2× a 160 px tile). */
export const THUMBNAIL_MAX_EDGE = 320;

/** Decided by the decoder from the bytes themselves, never by file name or declared content type. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'gif']);

export interface ProcessedPhoto {
  photo: { data: Buffer; contentType: 'image/jpeg'; width: number; height: number };
  thumbnail: { data: Buffer; contentType: 'image/webp'; width: number; height: number };
}

export function tooLargeError(): AppError {
  return new AppError('payload_too_large', TOO_LARGE_MESSAGE);
}

/**
 * Turns uploaded bytes into the photo we keep: only real JPEG/PNG/WebP/HEIF/AVIF/GIF images,
 * turned upright, without any metadata (EXIF, GPS position, camera serial…), re-encoded as JPEG,
 * plus a small WebP thumbnail. Anything else throws an AppError with a message for the customer.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  if (input.length > MAX_PHOTO_BYTES) throw tooLargeError();
  if (input.length === 0) throw new AppError('bad_request', NOT_AN_IMAGE_MESSAGE);
  // libvips adds about 30 MB to the process: loaded with the first photo, not at start.
  const { default: sharp } = await import('sharp');

  let metadata: Metadata;
  try {
    // Reads the header only; the pixel count is checked just below with a clearer message.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('bad_request', NOT_AN_IMAGE_MESSAGE);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError('bad_request', NOT_AN_IMAGE_MESSAGE);
  }
  if (!metadata.width || !metadata.height) throw new AppError('bad_request', DAMAGED_IMAGE_MESSAGE);
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) {
    throw new AppError('bad_request', TOO_MANY_PIXELS_MESSAGE);
  }
  const pixels = metadata.width * metadata.height;
  // Unknown depth: the costliest common one (16 bits), so nothing slips past the budget unmeasured.
  const bytesPerChannel = BYTES_PER_CHANNEL[metadata.depth ?? ''] ?? 2;
  if (pixels * (metadata.channels ?? 4) * bytesPerChannel > MAX_DECODED_BYTES) {
    const megapixels = Math.max(1, Math.round(pixels / 1_000_000));
    throw new AppError('bad_request', tooCostlyMessage(megapixels, bytesPerChannel * 8));
  }

  return decodeQueue(() => encodePhoto(sharp, input, metadata));
}

async function encodePhoto(
  sharp: typeof import('sharp').default,
  input: Buffer,
  metadata: Metadata,
): Promise<ProcessedPhoto> {
  decodes.running += 1;
  decodes.mostAtOnce = Math.max(decodes.mostAtOnce, decodes.running);
  try {
    // sharp writes no metadata unless asked to (withMetadata/keepExif), so EXIF and GPS are dropped here.
    const photo = await sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: PHOTO_MAX_EDGE, height: PHOTO_MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(photo.data)
      .resize({
        width: THUMBNAIL_MAX_EDGE,
        height: THUMBNAIL_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return {
      photo: {
        data: photo.data,
        contentType: 'image/jpeg',
        width: photo.info.width,
        height: photo.info.height,
      },
      thumbnail: {
        data: thumbnail.data,
        contentType: 'image/webp',
        width: thumbnail.info.width,
        height: thumbnail.info.height,
      },
    };
  } catch {
    // The HEVC codec of iPhone HEIC photos is not in sharp's build (AVIF, also HEIF, is).
    const heic = metadata.format === 'heif' && metadata.compression === 'hevc';
    throw new AppError('bad_request', heic ? UNREADABLE_HEIC_MESSAGE : DAMAGED_IMAGE_MESSAGE);
  } finally {
    decodes.running -= 1;
  }
}
