import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, publicUserSchema, registerSchema } from '#domain/auth.ts';
import { safeReturnPath } from '#domain/return-path.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { errorBody, requireUser } from '#server/http/route-helpers.ts';
import { deleteExpiredSessions, deleteSession, SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { startSession as startSessionFor } from '#server/sessions/start-session.ts';
import { readDeviceCookie, trustDevice } from './device-cookie.ts';
import { authenticate, registerCustomer, toPublicUser } from './service.ts';

export function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: AppConfig }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const startSession = (request: FastifyRequest, reply: FastifyReply, userId: string) =>
    startSessionFor(db, config, request, reply, userId);

  r.post(
    '/api/register',
    { schema: { body: registerSchema, response: { 201: publicUserSchema, '4xx': errorBody } } },
    async (request, reply) => {
      const user = await registerCustomer(db, request.body, request.ip, config.rateLimitScale);
      await startSession(request, reply, user.id);
      trustDevice(request, reply, user.id);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  r.post(
    '/api/login',
    { schema: { body: loginSchema, response: { 200: publicUserSchema, '4xx': errorBody } } },
    async (request, reply) => {
      const device = readDeviceCookie(request);
      const user = await authenticate(db, request.body, request.ip, config.rateLimitScale, device);
      await startSession(request, reply, user.id);
      trustDevice(request, reply, user.id);
      await deleteExpiredSessions(db);
      return toPublicUser(user);
    },
  );

  r.get(
    '/api/auth/user',
    { schema: { response: { 200: publicUserSchema, '4xx': errorBody } } },
    async (request) => toPublicUser(requireUser(request)),
  );

  /**
   * Ends this browser's session. `Clear-Site-Data: "cache"` makes the browser drop what it cached for
   * the account (photos are cached `private` for a year), so the next person on a shared device cannot
   * page back to them. Not "cookies": that would also drop the device cookie (device-cookie.ts) that
   * lets the owner's browser past a stranger's lockout; the session cookie is cleared by name.
   */
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.header('clear-site-data', '"cache"');
  };

  // How the app signs out: a state-changing POST, refused from other sites like every other one.
  r.post('/api/logout', async (request, reply) => {
    await endSession(request, reply);
    return reply.code(204).send();
  });

  // Kept for a bookmarked or typed /api/logout. Another site can send the browser here with the cookie
  // (SameSite=Lax allows top-level navigations), so only a navigation the browser vouches for as the
  // user's own or the app's own ends the session; anything else, including a browser too old to send
  // Sec-Fetch-Site, just lands on the home page still signed in (it can use the Logout button).
  r.get('/api/logout', async (request, reply) => {
    if (isOwnNavigation(request)) await endSession(request, reply);
    return reply.redirect('/');
  });

  // The client's guards send a signed-out visitor here with the page they wanted as `next`; only a
  // same-origin path is passed on to the sign-in page.
  r.get('/api/login', async (request, reply) => {
    const { next } = request.query as { next?: unknown };
    const path = safeReturnPath(typeof next === 'string' ? next : null);
    return reply.redirect(path === null ? '/auth' : `/auth?next=${encodeURIComponent(path)}`);
  });
}

/** `Sec-Fetch-Site: same-origin` (a link in the app) or `none` (typed, bookmarked); absent counts as foreign. */
function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}
