import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Real images made on the fly for tests (no binary fixtures in the repository). */

/** A landscape JPEG stored sideways (EXIF orientation 6) with a GPS position and a camera name. */
export async function jpegWithGps(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90 })
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'ShopTestCam', Model: 'Serial 12345' },
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

export async function pngWithTransparency(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A few hundred kilobytes of PNG that declares 10000 × 10000 pixels: cheap to send, costly to decode. */
export async function decompressionBomb(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A 1 × 1 PNG whose header is rewritten to claim 20000 × 20000 pixels (checksum fixed, so it parses). */
export async function pngClaimingHugeSize(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // Signature (8) + chunk length (4) + 'IHDR' (4), then width and height; the CRC covers type + 13 data bytes.
  png.writeUInt32BE(20_000, 16);
  png.writeUInt32BE(20_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/**
 * A complete RGB PNG of 16 bits per channel and `width` × `height` pixels, all of one colour: a few
 * megabytes of file for 6 bytes of decoded image per pixel (60 MP: 360 MB). Takes about a second.
 */
export async function sixteenBitPng(width = 7745, height = 7745): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 30 } } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 1, adaptiveFiltering: false })
    .toBuffer();
}

/** A JPEG of random pixels: hardly compressible, so a few hundred KB even at a modest size. */
export async function noisyJpeg(width = 400, height = 300): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2_654_435_761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}
