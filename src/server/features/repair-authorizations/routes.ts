import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { estimateReference } from '#domain/estimate.ts';
import {
  authorizationRequestSchema,
  authorizationSchema,
  REPLACE_REASON_MAX_LENGTH,
  SIGNATURE_MAX_LENGTH,
} from '#domain/repair-authorization.ts';
import { PDF_LIMITS } from '#server/features/documents/shared.ts';
import { bodyLimitForText } from '#server/http/json-body.ts';
import { hitRateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { errorBody, idParams, requireUser, signedIn } from '#server/http/route-helpers.ts';
import {
  type AuthorizationDeps,
  authorizationPdf,
  currentAuthorization,
  presentAuthorization,
  signAuthorization,
} from './service.ts';

/** The signed repair authorisation: signed by the owner or at the counter; read by both. */
export function repairAuthorizationRoutes(
  app: FastifyInstance,
  deps: AuthorizationDeps & { rateLimitScale?: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reply = { 201: authorizationSchema, 200: authorizationSchema, '4xx': errorBody };

  r.post(
    '/api/estimates/:id/authorization',
    {
      // The signature's base64 is ASCII: one byte a character, not the three text may take.
      bodyLimit: SIGNATURE_MAX_LENGTH + bodyLimitForText(REPLACE_REASON_MAX_LENGTH + 600),
      onRequest: signedIn,
      schema: { params: idParams, body: authorizationRequestSchema, response: reply },
    },
    async (request, res) => {
      const row = await signAuthorization(
        deps,
        requireUser(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return res.code(201).send(presentAuthorization(row));
    },
  );

  r.get(
    '/api/estimates/:id/authorization',
    { onRequest: signedIn, schema: { params: idParams, response: reply } },
    async (request) =>
      presentAuthorization(await currentAuthorization(deps.db, requireUser(request), request.params.id)),
  );

  // Untyped reply: the 200 answer is PDF bytes, not JSON.
  app.get<{ Params: { id: string } }>(
    '/api/estimates/:id/authorization.pdf',
    { onRequest: signedIn, schema: { params: idParams, response: { '4xx': errorBody } } },
    async (request, res) => {
      const user = requireUser(request);
      const limit = user.isAdmin ? PDF_LIMITS.shop : PDF_LIMITS.customer;
      await hitRateLimit(deps.db, scaledLimit(limit, deps.rateLimitScale ?? 1), user.id);
      const pdf = await authorizationPdf(deps, user, request.params.id);
      return res
        .type('application/pdf')
        .header(
          'content-disposition',
          `inline; filename="authorization-${estimateReference(request.params.id)}.pdf"`,
        )
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
