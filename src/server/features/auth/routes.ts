import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginSchema, publicUserSchema, registerSchema } from '#domain/auth.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { errorBody, requireUser } from '#server/http/route-helpers.ts';
import { deleteExpiredSessions, deleteSession, SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { startSession as startSessionFor } from '#server/sessions/start-session.ts';
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
      return reply.code(201).send(toPublicUser(user));
    },
  );

  r.post(
    '/api/login',
    { schema: { body: loginSchema, response: { 200: publicUserSchema, '4xx': errorBody } } },
    async (request, reply) => {
      const user = await authenticate(db, request.body, request.ip, config.rateLimitScale);
      await startSession(request, reply, user.id);
      await deleteExpiredSessions(db);
      return toPublicUser(user);
    },
  );

  r.get(
    '/api/auth/user',
    { schema: { response: { 200: publicUserSchema, '4xx': errorBody } } },
    async (request) => toPublicUser(requireUser(request)),
  );

  r.get('/api/logout', async (request, reply) => {
    if (request.sessionToken) await deleteSession(db, request.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.redirect('/');
  });

  r.get('/api/login', async (_request, reply) => reply.redirect('/auth'));
}
