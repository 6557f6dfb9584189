import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdPaymentLinkSchema,
  paymentLinkConfirmationSchema,
  paymentLinkConfirmSchema,
  paymentLinkPageSchema,
} from '#domain/payment-links.ts';
import {
  paymentIntentReplySchema,
  testCardPaymentReplySchema,
  testCardPaymentSchema,
} from '#domain/payments.ts';
import type { TestPaymentProvider } from '#server/adapters/payments/test-provider.ts';
import { type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';
import { adminOnly, errorBody, idParams, requireAdmin } from '#server/http/route-helpers.ts';
import { tokenLinkCall } from '#server/http/token-link-privacy.ts';
import {
  confirmPaymentLinkPayment,
  confirmPaymentLinkTestCard,
  createPaymentLinkIntent,
  loadPaymentLinkPage,
  type PaymentLinkSettings,
  sendPaymentLink,
} from './payment-links.ts';
import type { PaymentsDeps } from './service.ts';

/**
 * Opening and paying a bill is a handful of calls; this leaves room for a household on one address
 * and a few declined cards, and none for trying tokens or card numbers in bulk.
 */
const PAYMENT_LINK_CALLS_PER_IP: RateLimit = {
  name: 'payment-link-ip',
  max: 100,
  windowSeconds: 10 * 60,
  tooMany: 'Too many requests.',
};

const tokenParams = z.object({ token: z.string().max(200) });

export function paymentLinkRoutes(
  app: FastifyInstance,
  deps: PaymentsDeps &
    PaymentLinkSettings & { testProvider: TestPaymentProvider | null; rateLimitScale?: number },
): void {
  const { db, secret } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = scaledLimit(PAYMENT_LINK_CALLS_PER_IP, deps.rateLimitScale ?? 1);
  const publicCall = tokenLinkCall(db, limit);

  r.post(
    '/api/admin/estimates/:id/payment-link',
    {
      onRequest: adminOnly,
      schema: { params: idParams, response: { 201: createdPaymentLinkSchema, '4xx': errorBody } },
    },
    async (request, reply) =>
      reply.code(201).send(await sendPaymentLink(db, deps, requireAdmin(request), request.params.id)),
  );

  r.get(
    '/api/pay/:token',
    {
      onRequest: publicCall,
      schema: { params: tokenParams, response: { 200: paymentLinkPageSchema, '4xx': errorBody } },
    },
    async (request) => loadPaymentLinkPage(db, deps, request.params.token),
  );

  r.post(
    '/api/pay/:token/intent',
    {
      onRequest: publicCall,
      schema: { params: tokenParams, response: { 200: paymentIntentReplySchema, '4xx': errorBody } },
    },
    async (request) => createPaymentLinkIntent(deps, secret, request.params.token),
  );

  r.post(
    '/api/pay/:token/confirm',
    {
      onRequest: publicCall,
      schema: {
        params: tokenParams,
        body: paymentLinkConfirmSchema,
        response: { 200: paymentLinkConfirmationSchema, '4xx': errorBody },
      },
    },
    async (request) =>
      confirmPaymentLinkPayment(deps, secret, request.params.token, request.body.paymentIntentId),
  );

  // The test card form exists only while no real provider is configured.
  const { testProvider } = deps;
  if (testProvider) {
    r.post(
      '/api/pay/:token/test-payments/confirm',
      {
        onRequest: publicCall,
        schema: {
          params: tokenParams,
          body: testCardPaymentSchema,
          response: { 200: testCardPaymentReplySchema, '4xx': errorBody },
        },
      },
      async (request) =>
        confirmPaymentLinkTestCard(db, testProvider, secret, request.params.token, request.body),
    );
  }
}
