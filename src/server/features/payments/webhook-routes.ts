import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentProvider } from '#server/adapters/payments/payment-provider.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { errorBody } from '#server/http/route-helpers.ts';
import { handleWebhook, INVALID_SIGNATURE } from './webhook.ts';

/**
 * The webhook needs the body exactly as sent: the signature covers its bytes, and parsed-then-
 * reserialised JSON would not match. The raw-body parser lives in its own encapsulated scope, so
 * every other route keeps the normal JSON parser.
 */
export async function stripeWebhookRoutes(
  app: FastifyInstance,
  { db, provider }: { db: Db; provider: PaymentProvider },
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/api/stripe/webhook',
        { schema: { response: { 200: z.object({ received: z.literal(true) }), '4xx': errorBody } } },
        async (request) => {
          const signature = request.headers['stripe-signature'];
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
            throw new AppError('bad_request', INVALID_SIGNATURE);
          }
          await handleWebhook(db, provider, request.body, signature);
          return { received: true as const };
        },
      );
  });
}
