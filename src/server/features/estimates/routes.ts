import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { estimateSchema } from '../../../domain/estimate-schema.js';
import type { Db } from '../../db/client.js';
import { requireUser } from '../../http/current-user.js';
import { listEstimatesFor } from './service.js';

export function estimateRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/estimates', { schema: { response: { 200: z.array(estimateSchema) } } }, async (request) =>
    listEstimatesFor(db, requireUser(request)),
  );
}
