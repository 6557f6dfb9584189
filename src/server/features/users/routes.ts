import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '#domain/public-user.ts';
import type { Db } from '#server/db/client.ts';
import { errorBody, requireUser, signedIn } from '#server/http/route-helpers.ts';
import { getUserFor } from './service.ts';

export function userRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/:id',
    {
      onRequest: signedIn,
      schema: { params: z.object({ id: z.string() }), response: { 200: publicUserSchema, '4xx': errorBody } },
    },
    async (request) => getUserFor(db, requireUser(request), request.params.id),
  );
}
