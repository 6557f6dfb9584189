import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestCookie } from '#server/http/request-cookies.ts';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account before carries a cookie naming that account, so a stranger's failed
 * sign-ins, which lock the account for untrusted browsers, do not lock its owner out. The value is
 * `<user id>.<random nonce>`, signed with the server's cookie secret (an HMAC-SHA256, as the session
 * cookie): it cannot be made up or moved to another account. Nothing is stored on the server; the
 * nonce names the cookie in its own failure counter (LOGIN_LIMITS.perDevice).
 */
export const DEVICE_COOKIE = 'device';
const DEVICE_COOKIE_DAYS = 365;

export interface DeviceCookie {
  userId: string;
  nonce: string;
}

/** The validly signed device cookie this browser sent, or null (none, forged, or malformed). */
export function readDeviceCookie(request: FastifyRequest): DeviceCookie | null {
  const raw = requestCookie(request, DEVICE_COOKIE);
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  const [userId, nonce, ...rest] = value.split('.');
  if (!userId || !nonce || rest.length > 0) return null;
  return { userId, nonce };
}

/**
 * Marks this browser as one that signed in to `userId` (a new nonce each time). Sent only to
 * /api/login and only by the app's own pages; it outlives sign-out, which is the point.
 */
export function trustDevice(request: FastifyRequest, reply: FastifyReply, userId: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${userId}.${nonce}`, {
    path: '/api/login',
    httpOnly: true,
    signed: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}
