import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a disk upload URL: `<photoId>.<expiry>.<signature>`. The signature covers the photo,
 * the uploader and the expiry, under a key derived from the session secret, so a token works only
 * for the user it was made for, only for that photo and only until it expires. The uploader's id is
 * not in the token: it comes from the session of whoever uses it.
 */

const PURPOSE = 'photo-upload-token-v1';

export interface UploadTokenClaims {
  photoId: string;
  uploaderId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type UploadTokenCheck = { ok: true; photoId: string } | { ok: false; reason: 'invalid' | 'expired' };

export function signUploadToken(secret: string, claims: UploadTokenClaims): string {
  const expiry = claims.expiresAt.toString(36);
  return `${claims.photoId}.${expiry}.${signature(secret, claims.photoId, claims.uploaderId, expiry)}`;
}

export function verifyUploadToken(
  secret: string,
  token: string,
  uploaderId: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): UploadTokenCheck {
  const [photoId, expiry, given, ...rest] = token.split('.');
  if (!photoId || !expiry || !given || rest.length > 0 || !/^[0-9a-z]{1,10}$/.test(expiry)) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = Buffer.from(signature(secret, photoId, uploaderId, expiry));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  if (Number.parseInt(expiry, 36) < nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, photoId };
}

function signature(secret: string, photoId: string, uploaderId: string, expiry: string): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(`${photoId}\n${uploaderId}\n${expiry}`).digest('base64url');
}
