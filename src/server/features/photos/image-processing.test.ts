import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { AppError } from '#server/app-error.ts';
import {
  decompressionBomb,
  jpegWithGps,
  pngClaimingHugeSize,
  pngWithTransparency,
  sixteenBitPng,
} from '#server/test-support/images.ts';
import {
  DAMAGED_IMAGE_MESSAGE,
  MAX_DECODED_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  PHOTO_MAX_EDGE,
  processPhoto,
  TOO_LARGE_MESSAGE,
  TOO_MANY_PIXELS_MESSAGE,
  tooCostlyMessage,
} from './image-processing.ts';

async function refusal(input: Buffer): Promise<AppError> {
  try {
    await processPhoto(input);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected the image to be refused');
}

describe('processPhoto', () => {
  it('keeps a JPEG upright and drops its EXIF and GPS position', async () => {
    const input = await jpegWithGps(1200, 800);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif).toBeDefined();
    expect(before.exif?.toString('latin1')).toContain('ShopTestCam');

    const { photo, thumbnail } = await processPhoto(input);
    const after = await sharp(photo.data).metadata();
    expect(after.format).toBe('jpeg');
    // Orientation 6 means "turn 90°": the stored pixels are portrait now, with no flag left to apply.
    expect([after.width, after.height]).toEqual([800, 1200]);
    expect([photo.width, photo.height]).toEqual([800, 1200]);
    expect(after.orientation).toBeUndefined();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(photo.data.toString('latin1')).not.toContain('ShopTestCam');

    const thumb = await sharp(thumbnail.data).metadata();
    expect(thumb.format).toBe('webp');
    expect([thumb.width, thumb.height]).toEqual([213, 320]);
    expect(thumb.exif).toBeUndefined();
    expect(thumbnail.contentType).toBe('image/webp');
  });

  it('turns a PNG with transparency into a JPEG on white', async () => {
    const { photo } = await processPhoto(await pngWithTransparency());
    const meta = await sharp(photo.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.hasAlpha).toBe(false);
    expect(photo.contentType).toBe('image/jpeg');
  });

  it('accepts WebP, AVIF and GIF by content', async () => {
    const base = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } });
    for (const input of [
      await base().webp().toBuffer(),
      await base().avif().toBuffer(),
      await base().gif().toBuffer(),
    ]) {
      const { photo } = await processPhoto(input);
      expect([photo.width, photo.height]).toEqual([64, 48]);
    }
  });

  it('scales very large photos down to the stored size', async () => {
    const input = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#777' } })
      .jpeg()
      .toBuffer();
    const { photo, thumbnail } = await processPhoto(input);
    expect([photo.width, photo.height]).toEqual([PHOTO_MAX_EDGE, 1920]);
    expect([thumbnail.width, thumbnail.height]).toEqual([320, 240]);
  });

  it('refuses text pretending to be a JPEG', async () => {
    const error = await refusal(Buffer.from('Not a photo at all, just some text saved as damage.jpg\n'));
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('refuses an SVG, even though it is an image format, since it can carry script', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
    );
    expect((await refusal(svg)).message).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('refuses other formats sharp can read (TIFF)', async () => {
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    expect((await refusal(tiff)).message).toBe(NOT_AN_IMAGE_MESSAGE);
  });

  it('refuses a truncated JPEG or PNG', async () => {
    const jpeg = await jpegWithGps();
    const jpegError = await refusal(jpeg.subarray(0, Math.floor(jpeg.length / 2)));
    expect(jpegError.statusCode).toBe(400);
    expect(jpegError.message).toBe(DAMAGED_IMAGE_MESSAGE);

    const png = await sharp({
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
    expect((await refusal(png.subarray(0, Math.floor(png.length * 0.6)))).message).toBe(
      DAMAGED_IMAGE_MESSAGE,
    );
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = await decompressionBomb();
    expect(bomb.length).toBeLessThan(MAX_PHOTO_BYTES);
    const error = await refusal(bomb);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(TOO_MANY_PIXELS_MESSAGE);
    expect((await refusal(await pngClaimingHugeSize())).message).toBe(TOO_MANY_PIXELS_MESSAGE);
  });

  it('security probe, image decoding costs far more than the upload: refuses a small 60-megapixel 16-bit PNG before decoding it', async () => {
    const input = await sixteenBitPng(7745, 7745); // 59.99 MP, under the pixel cap
    expect(input.length).toBeLessThan(MAX_PHOTO_BYTES);
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    expect([meta.depth, meta.channels]).toEqual(['ushort', 3]);
    expect(7745 * 7745 * 3 * 2).toBeGreaterThan(MAX_DECODED_BYTES);
    const error = await refusal(input);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe(tooCostlyMessage(60, 16));
    expect(error.message).toBe(
      'This photo is too large to process (60 megapixels at 16 bits per channel). Please send a smaller photo or a screenshot.',
    );
  });

  it('security probe, image decoding budget: still takes a 16-bit PNG whose decoded size fits', async () => {
    const { photo } = await processPhoto(await sixteenBitPng(640, 480));
    expect([photo.width, photo.height]).toEqual([640, 480]);
  });

  it('refuses more than 10 MB with 413', async () => {
    const error = await refusal(Buffer.alloc(MAX_PHOTO_BYTES + 1));
    expect(error.statusCode).toBe(413);
    expect(error.message).toBe(TOO_LARGE_MESSAGE);
  });

  it('refuses an empty body', async () => {
    expect((await refusal(Buffer.alloc(0))).message).toBe(NOT_AN_IMAGE_MESSAGE);
  });
});
