import { createHmac, timingSafeEqual } from 'node:crypto';
import { isStatusTokenShaped } from '#domain/status-links.ts';

/**
 * The token of a status link: `<link id>.<expiry>.<signature>` (format in #domain/status-links.ts).
 * The signature covers the link's id and its expiry under a key derived from the session secret, so a
 * token cannot be made or altered without the secret; its row (looked up after the signature holds)
 * says whether it was turned off. A UUID and a 128-bit signature, in base64url, keep texts short.
 *
 * Other links that open one thing without signing in (the payment link) sign the same way under a
 * purpose of their own: a token made for one purpose never opens another.
 */

const PURPOSE = 'status-link-token-v1';

export interface StatusTokenClaims {
  linkId: string;
  expiresAt: Date;
}

export function signStatusToken(secret: string, claims: StatusTokenClaims): string {
  return signLinkToken(secret, PURPOSE, claims.linkId, claims.expiresAt);
}

/**
 * The claims of a token whose signature holds and which has not expired at `now`; null for anything
 * else (badly formed, altered, signed with another secret, expired), all alike.
 */
export function verifyStatusToken(secret: string, token: string, now = new Date()): StatusTokenClaims | null {
  const claims = verifyLinkToken(secret, PURPOSE, token, now);
  return claims && { linkId: claims.id, expiresAt: claims.expiresAt };
}

/** `<uuid in base64url>.<expiry in base-36 seconds>.<HMAC of both under the purpose's key>`. */
export function signLinkToken(secret: string, purpose: string, uuid: string, expiresAt: Date): string {
  const id = Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36);
  return `${id}.${expiry}.${signature(secret, purpose, id, expiry)}`;
}

/** The UUID and expiry a token of this purpose carries, if its signature holds and it has not expired. */
export function verifyLinkToken(
  secret: string,
  purpose: string,
  token: string,
  now = new Date(),
): { id: string; expiresAt: Date } | null {
  if (!isStatusTokenShaped(token)) return null;
  const [id = '', expiry = '', given = ''] = token.split('.');
  const expected = Buffer.from(signature(secret, purpose, id, expiry));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = new Date(Number.parseInt(expiry, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id: uuid, expiresAt };
}

function signature(secret: string, purpose: string, id: string, expiry: string): string {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(`${id}.${expiry}`).digest().subarray(0, 16).toString('base64url');
}
