import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { createSession, deleteSession, SESSION_COOKIE } from './session-store.ts';

/**
 * Signs the user in on this browser. Always a new session id (no fixation); the previous session
 * of this browser, if any, ends.
 */
export async function startSession(
  db: Db,
  config: Pick<AppConfig, 'sessionTtlDays'>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  if (request.sessionToken) await deleteSession(db, request.sessionToken);
  const token = await createSession(db, userId, config.sessionTtlDays);
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    signed: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: config.sessionTtlDays * 86_400,
  });
}
