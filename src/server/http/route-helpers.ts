import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, unauthorized } from '#server/app-error.ts';
import type { UserRow } from '#server/db/schema.ts';

/** Every 4xx (and the few 5xx a route declares) answers `{message}`, safe to show as it is. */
export const errorBody = z.object({ message: z.string() });

/** Any text: a malformed id is answered 404 by the service, like a missing one. */
export const idParams = z.object({ id: z.string() });

/** The signed-in user of this request; 401 when there is none. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in admin of this request; 401 when signed out, 403 for a customer. */
export function requireAdmin(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden();
  return user;
}

/**
 * An onRequest hook for a route that reads the session itself (`ownSessionLookup`): without a validly
 * signed cookie, 401 at once.
 */
export async function hasSessionCookie(request: FastifyRequest): Promise<void> {
  if (!request.sessionId) throw unauthorized();
}

/** An onRequest hook: runs before params and body are validated, so an anonymous caller always hears 401 first. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  requireUser(request);
}

/** An onRequest hook: a customer hears 403 (an anonymous caller 401) before anything they sent is looked at. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
