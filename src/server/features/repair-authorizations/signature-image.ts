import {
  SIGNATURE_MAX_SIDE,
  SIGNATURE_MIN_SIDE,
  SIGNATURE_NOT_PNG,
  SIGNATURE_PREFIX,
  SIGNATURE_REQUIRED,
  SIGNATURE_UNREADABLE,
} from '#domain/repair-authorization.ts';
import { AppError } from '#server/app-error.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface SignatureImage {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * The drawn signature, decoded: a PNG data URL whose bytes really are a PNG the decoder reads
 * through, of a canvas's size, with something drawn on it. A blank canvas (every pixel the same) is
 * "no signature"; anything else that is not a sane PNG is refused before it is stored or printed.
 */
export async function decodeSignature(dataUrl: string): Promise<SignatureImage> {
  if (!dataUrl.startsWith(SIGNATURE_PREFIX)) throw new AppError('bad_request', SIGNATURE_NOT_PNG);
  const base64 = dataUrl.slice(SIGNATURE_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw new AppError('bad_request', SIGNATURE_UNREADABLE);
  const png = Buffer.from(base64, 'base64');
  if (png.length < PNG_MAGIC.length || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) {
    throw new AppError('bad_request', SIGNATURE_NOT_PNG);
  }
  // sharp loads with the first signature, not with every server start.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(png, {
      failOn: 'error',
      limitInputPixels: SIGNATURE_MAX_SIDE * SIGNATURE_MAX_SIDE,
    });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (format !== 'png') throw new AppError('bad_request', SIGNATURE_NOT_PNG);
    const sane = (side: number) => side >= SIGNATURE_MIN_SIDE && side <= SIGNATURE_MAX_SIDE;
    if (!sane(width) || !sane(height)) throw new AppError('bad_request', SIGNATURE_UNREADABLE);
    // Decoding every pixel proves the file whole; a single colour throughout is an empty canvas.
    const { channels } = await image.stats();
    if (channels.every((channel) => channel.min === channel.max)) {
      throw new AppError('bad_request', SIGNATURE_REQUIRED);
    }
    return { png, width, height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', SIGNATURE_UNREADABLE);
  }
}
