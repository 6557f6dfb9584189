import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, registerSchema, updateOwnAccountSchema } from '#domain/auth.ts';
import { publicUserSchema } from '#domain/public-user.ts';
import { safeReturnPath } from '#domain/return-path.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { setLanguageCookie, visitorLanguage } from '#server/http/request-language.ts';
import { errorBody, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { deleteExpiredSessions, deleteSession, SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { startSession as startSessionFor } from '#server/sessions/start-session.ts';
import { readDeviceCookie, trustDevice } from './device-cookie.ts';
import { authenticate, registerCustomer, toPublicUser, updateOwnAccount } from './service.ts';

export function authRoutes(app: FastifyInstance, { db, config }: { db: Db; config: AppConfig }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The next page, and the page's language switch, follow the account's language (decision 054).
  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    await startSessionFor(db, config, request, reply, user.id);
    setLanguageCookie(request, reply, user.language);
  };

  r.post(
    '/api/register',
    { schema: { body: registerSchema, response: { 201: publicUserSchema, '4xx': errorBody } } },
    async (request, reply) => {
      const language = visitorLanguage(request);
      const user = await registerCustomer(db, request.body, request.ip, config.rateLimitScale, language);
      await startSession(request, reply, user);
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
      await startSession(request, reply, user);
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

  // The language switch of a signed-in customer: the account's language is what everything the shop
  // sends them is written in; the cookie makes this browser's next page follow at once.
  r.patch(
    '/api/auth/user',
    {
      onRequest: signedIn,
      schema: { body: updateOwnAccountSchema, response: { 200: publicUserSchema, '4xx': errorBody } },
    },
    async (request, reply) => {
      const user = await updateOwnAccount(db, requireUser(request), request.body, config.rateLimitScale);
      setLanguageCookie(request, reply, user.language);
      return toPublicUser(user);
    },
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
