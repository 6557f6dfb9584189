import sharp from 'sharp';
import { DEFAULT_CHECK_IN_ANGLES } from '#domain/check-in.ts';
import { SIGNATURE_PREFIX } from '#domain/repair-authorization.ts';

/** A finger-drawn signature as the signing page sends it: a stroke on a transparent 600 × 200 canvas. */
export async function drawnSignature(width = 600, height = 200): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <path d="M20 150 C 80 20, 140 20, 180 120 S 300 180, 360 60 S 480 40, 560 140" stroke="#0f172a"
      stroke-width="4" fill="none"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return SIGNATURE_PREFIX + png.toString('base64');
}

/** A canvas nobody signed: every pixel transparent. */
export async function blankSignature(): Promise<string> {
  const png = await sharp({
    create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  return SIGNATURE_PREFIX + png.toString('base64');
}

/** A valid authorisation body (a written estimate, parts not back). */
export async function authorizationBody(
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  return {
    signerName: 'Alice Adams',
    signature: await drawnSignature(),
    estimateChoice: 'written',
    returnReplacedParts: false,
    ...overrides,
  };
}

/** A check-in body naming these photo URLs, one per default angle. */
export function checkInBody(
  photoUrls: string[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    odometer: 48210,
    fuel: '1/2',
    notes: 'Scratch on the rear bumper, left side.',
    photos: DEFAULT_CHECK_IN_ANGLES.map((angle, index) => ({ angle, photoURL: photoUrls[index] })),
    ...overrides,
  };
}
