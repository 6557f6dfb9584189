import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { sessionCookieReader } from '#server/sessions/session-cookie.ts';
import { findSessionUser, SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { isApiRoute } from './api-route.ts';
import { requestCookie } from './request-cookies.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
    /**
     * The signed-in user's id, for the request log: set with `user`, and by routes that read the
     * session themselves (`ownSessionLookup`) once they have.
     */
    userId: string | null;
    /** The validly signed session cookie's token and id: set whether or not the session is live. */
    sessionToken: string | null;
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the session itself, together with what it answers from (one round trip instead
     * of two): the hook only checks the cookie's signature and leaves request.user to the route.
     */
    ownSessionLookup?: boolean;
  }
}

/** Resolves the signed-in user from the session cookie on every API request. */
export function registerCurrentUser(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('userId', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionId', null);
  const readSessionCookie = sessionCookieReader((value) => app.unsignCookie(value));
  // A callback, not async: most requests (pages, files, anonymous calls such as the health checks)
  // have no session to look up and go on at once, without a promise each (decision 076).
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRoute(request)) return done();
    const cookie = requestCookie(request, SESSION_COOKIE);
    const session = cookie ? readSessionCookie(cookie) : null;
    if (!session) return done();
    request.sessionToken = session.token;
    request.sessionId = session.id;
    if (request.routeOptions.config?.ownSessionLookup) return done();
    findSessionUser(db, session.id).then((user) => {
      request.user = user;
      request.userId = user?.id ?? null;
      done();
    }, done);
  });
}
