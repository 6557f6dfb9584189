import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import {
  DAMAGED_IMAGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  TOO_LARGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
  tooCostlyMessage,
} from '#server/features/photos/image-processing.ts';
import { jpegWithGps, sixteenBitPng } from './images.ts';

/**
 * Files that pretend to be photos, or are photos built to hurt: each with what the app must answer.
 * Made on the fly (no binary fixtures in the repository).
 */
export interface HostileImage {
  name: string;
  bytes: Buffer;
  /** The type the browser claims; the bytes decide, so it must not matter. */
  contentType: string;
  status: number;
  /** Any of these messages is a right answer (a damaged file may be told either way). */
  messages: string[];
}

/** A small PNG whose header claims `width` × `height` pixels (checksum fixed, so it parses). */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, complete decompression bomb: a black-and-white PNG of `width` × `height` pixels, every one
 * of them present, that compresses to a few kilobytes (1-bit pixels, all zero). Built by hand, since
 * encoding that many pixels with an image library would take long.
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rowBytes = 1 + Math.ceil(width / 8); // filter byte + packed pixels
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small baseline JPEG whose frame header (SOF0) claims `width` × `height` pixels. */
export async function jpegClaiming(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === 0xc0) {
      // Marker (2), length (2), precision (1), then height and width.
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF0 marker in the JPEG');
}

async function noisyPng(): Promise<Buffer> {
  return sharp({
    create: {
      width: 300,
      height: 300,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
}

export async function hostileImages(): Promise<HostileImage[]> {
  const jpeg = await jpegWithGps(600, 400);
  const png = await noisyPng();
  const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
    .tiff()
    .toBuffer();
  const notAnImage = (name: string, bytes: Buffer | string, contentType = 'image/jpeg'): HostileImage => ({
    name,
    bytes: Buffer.from(bytes),
    contentType,
    status: 400,
    messages: [NOT_AN_IMAGE_MESSAGE],
  });
  const tooManyPixels = (name: string, bytes: Buffer): HostileImage => ({
    name,
    bytes,
    contentType: 'image/png',
    status: 400,
    messages: [TOO_MANY_PIXELS_MESSAGE],
  });
  return [
    notAnImage('text renamed damage.jpg', 'Front bumper, passenger side. Sorry, no photo.'),
    notAnImage(
      'an HTML page',
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    ),
    notAnImage(
      'PDF bytes',
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      'application/pdf',
    ),
    notAnImage(
      'an SVG with a script',
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      'image/svg+xml',
    ),
    notAnImage(
      'an SVG sent as a PNG',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      'image/png',
    ),
    notAnImage('JSON', '{"photo": "yes"}', 'application/json'),
    notAnImage('a TIFF', tiff, 'image/tiff'),
    notAnImage('an empty file', ''),
    {
      name: 'a JPEG header followed by HTML',
      bytes: Buffer.concat([jpeg.subarray(0, 20), Buffer.from('<html><script>alert(1)</script></html>')]),
      contentType: 'image/jpeg',
      status: 400,
      messages: [NOT_AN_IMAGE_MESSAGE, DAMAGED_IMAGE_MESSAGE],
    },
    {
      name: 'a truncated JPEG',
      bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      contentType: 'image/jpeg',
      status: 400,
      messages: [DAMAGED_IMAGE_MESSAGE],
    },
    {
      name: 'a truncated PNG',
      bytes: png.subarray(0, Math.floor(png.length * 0.6)),
      contentType: 'image/png',
      status: 400,
      messages: [DAMAGED_IMAGE_MESSAGE],
    },
    tooManyPixels('a PNG claiming 30000 × 30000 pixels', await pngClaiming(30_000, 30_000)),
    tooManyPixels('a JPEG claiming 65000 × 65000 pixels', await jpegClaiming(65_000, 65_000)),
    tooManyPixels('a complete 100-megapixel PNG of a few kilobytes', pngBomb(10_000, 10_000)),
    {
      // Security probe: under the pixel cap, but 360 MB once decoded (6 bytes a pixel).
      name: 'a complete 60-megapixel PNG of 16 bits per channel',
      bytes: await sixteenBitPng(7745, 7745),
      contentType: 'image/png',
      status: 400,
      messages: [tooCostlyMessage(60, 16)],
    },
    {
      name: 'a file over 10 MB',
      bytes: Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES + 1 - jpeg.length, 0xff)]),
      contentType: 'image/jpeg',
      status: 413,
      messages: [TOO_LARGE_MESSAGE],
    },
  ];
}
