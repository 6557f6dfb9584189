import { createHmac, timingSafeEqual } from 'node:crypto';
import { isStatusTokenShaped } from '#domain/status-links.ts';

/**
 * The token of a status link: `<link id>.<expiry>.<signature>` (format in #domain/status-links.ts).
 * The signature covers the link's id and its expiry under a key derived from the session secret, so a
 * token cannot be made or altered without the secret; its row (looked up after the signature holds)
 * says whether it was turned off. A UUID and a 128-bit signature, in base64url, keep texts short.
 */

const PURPOSE = 'status-link-token-v1';

export interface StatusTokenClaims {
  linkId: string;
  expiresAt: Date;
}

export function signStatusToken(secret: string, claims: StatusTokenClaims): string {
  const id = Buffer.from(claims.linkId.replaceAll('-', ''), 'hex').toString('base64url');
  const expiry = Math.floor(claims.expiresAt.getTime() / 1000).toString(36);
  return `${id}.${expiry}.${signature(secret, id, expiry)}`;
}

/**
 * The claims of a token whose signature holds and which has not expired at `now`; null for anything
 * else (badly formed, altered, signed with another secret, expired), all alike.
 */
export function verifyStatusToken(secret: string, token: string, now = new Date()): StatusTokenClaims | null {
  if (!isStatusTokenShaped(token)) return null;
  const [id = '', expiry = '', given = ''] = token.split('.');
  const expected = Buffer.from(signature(secret, id, expiry));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const expiresAt = new Date(Number.parseInt(expiry, 36) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  const hex = Buffer.from(id, 'base64url').toString('hex');
  const linkId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { linkId, expiresAt };
}

function signature(secret: string, id: string, expiry: string): string {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(`${id}.${expiry}`).digest().subarray(0, 16).toString('base64url');
}
