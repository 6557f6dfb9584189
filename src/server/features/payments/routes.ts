import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmPaymentSchema,
  createPaymentIntentSchema,
  paymentConfigSchema,
  paymentConfirmationSchema,
  paymentIntentReplySchema,
  paymentSummarySchema,
  testCardPaymentReplySchema,
  testCardPaymentSchema,
} from '#domain/payments.ts';
import { recordedPaymentSchema, recordPaymentSchema } from '#domain/recorded-payments.ts';
import type { PaymentProvider } from '#server/adapters/payments/payment-provider.ts';
import { TestPaymentProvider } from '#server/adapters/payments/test-provider.ts';
import type { AppConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import {
  adminOnly,
  errorBody,
  idParams,
  requireAdmin,
  requireUser,
  signedIn,
} from '#server/http/route-helpers.ts';
import { paymentLinkRoutes } from './payment-link-routes.ts';
import { recordPayment } from './recorded-payments.ts';
import { confirmPayment, createPaymentIntent, getPaymentSummary, paymentConfigFor } from './service.ts';
import { confirmTestCardPayment } from './test-card-payments.ts';
import { stripeWebhookRoutes } from './webhook-routes.ts';

export async function paymentRoutes(
  app: FastifyInstance,
  { db, config, provider }: { db: Db; config: AppConfig; provider: PaymentProvider },
) {
  const deps = { db, provider };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/payments/config', { schema: { response: { 200: paymentConfigSchema } } }, async () =>
    paymentConfigFor(config.payments),
  );

  r.post(
    '/api/create-payment-intent',
    {
      onRequest: signedIn,
      schema: {
        body: createPaymentIntentSchema,
        response: { 200: paymentIntentReplySchema, '4xx': errorBody },
      },
    },
    async (request) => createPaymentIntent(deps, requireUser(request), request.body.estimateId),
  );

  r.post(
    '/api/payments/confirm',
    {
      onRequest: signedIn,
      schema: { body: confirmPaymentSchema, response: { 200: paymentConfirmationSchema, '4xx': errorBody } },
    },
    async (request) => confirmPayment(deps, requireUser(request), request.body),
  );

  r.get(
    '/api/estimates/:id/payment-summary',
    {
      onRequest: signedIn,
      schema: { params: idParams, response: { 200: paymentSummarySchema, '4xx': errorBody } },
    },
    async (request) => getPaymentSummary(db, requireUser(request), request.params.id),
  );

  // Money the shop took outside the app (cash, check, the insurer's check, the counter's terminal).
  r.post(
    '/api/admin/estimates/:id/payments',
    {
      onRequest: adminOnly,
      schema: {
        params: idParams,
        body: recordPaymentSchema,
        response: { 201: recordedPaymentSchema, '4xx': errorBody },
      },
    },
    async (request, reply) => {
      const recorded = await recordPayment(deps, requireAdmin(request), request.params.id, request.body);
      return reply.code(201).send(recorded);
    },
  );

  // The test card form exists only while no real provider is configured.
  const testProvider = provider instanceof TestPaymentProvider ? provider : null;
  if (testProvider) {
    r.post(
      '/api/test-payments/confirm',
      {
        onRequest: signedIn,
        schema: {
          body: testCardPaymentSchema,
          response: { 200: testCardPaymentReplySchema, '4xx': errorBody },
        },
      },
      async (request) => confirmTestCardPayment(db, testProvider, requireUser(request), request.body),
    );
  }

  paymentLinkRoutes(app, {
    ...deps,
    secret: config.sessionSecret,
    appUrl: config.appUrl,
    shop: config.shop,
    testProvider,
    rateLimitScale: config.rateLimitScale,
  });

  if (provider.webhooks) await stripeWebhookRoutes(app, { db, provider });
  else if (config.payments.kind === 'stripe') {
    app.log.warn('STRIPE_WEBHOOK_SECRET is not set: payments are confirmed only when customers return.');
  }
}
