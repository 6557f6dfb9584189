import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordLinkRequestSchema, setPasswordSchema } from '#domain/auth.ts';
import { publicUserSchema } from '#domain/public-user.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { problemMessage } from '#server/http/problem-message.ts';
import { setLanguageCookie } from '#server/http/request-language.ts';
import { errorBody } from '#server/http/route-helpers.ts';
import { startSession } from '#server/sessions/start-session.ts';
import { trustDevice } from './device-cookie.ts';
import { PASSWORD_LINK_SENT, requestPasswordLink, setPasswordWithLink } from './password-links.ts';
import { toPublicUser } from './service.ts';

const messageBody = z.object({ message: z.string() });

/** "Forgot password?" and first passwords for accounts the shop created, by e-mailed link. */
export function passwordRoutes(app: FastifyInstance, { db, config }: { db: Db; config: AppConfig }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/password/link',
    { schema: { body: passwordLinkRequestSchema, response: { 202: messageBody, '4xx': errorBody } } },
    async (request, reply) => {
      await requestPasswordLink(db, request.body, request.ip, config.rateLimitScale);
      return reply.code(202).send({ message: problemMessage(request, PASSWORD_LINK_SENT) });
    },
  );

  r.post(
    '/api/password/set',
    { schema: { body: setPasswordSchema, response: { 200: publicUserSchema, '4xx': errorBody } } },
    async (request, reply) => {
      const user = await setPasswordWithLink(db, request.body, request.ip, config.rateLimitScale);
      await startSession(db, config, request, reply, user.id);
      trustDevice(request, reply, user.id);
      setLanguageCookie(request, reply, user.language);
      return toPublicUser(user);
    },
  );
}
