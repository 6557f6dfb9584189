import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { contentSecurityPolicy, isPaymentPage, uploadOrigins } from './content-security-policy.js';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer: helmet's set (nosniff, X-Frame-Options DENY, a strict
 * Referrer-Policy, COOP…), the app's Content-Security-Policy (Stripe allowed only on the payment
 * page, and only when Stripe is configured), HSTS only over HTTPS, and `no-store` for API answers
 * that do not say how to cache them (they are personal: estimates, messages, account details).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<AppConfig, 'objectStore' | 'payments' | 'trustProxy'>,
): Promise<void> {
  await app.register(fastifyHelmet, {
    // Set below, per path: helmet's one policy for every path cannot single out the payment page.
    contentSecurityPolicy: false,
    // Set below, only when the request really came over HTTPS.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
  });

  const uploads = uploadOrigins(config.objectStore);
  const appPolicy = contentSecurityPolicy({ uploadOrigins: uploads, stripe: false });
  const paymentPolicy = contentSecurityPolicy({
    uploadOrigins: uploads,
    stripe: config.payments.kind === 'stripe',
  });

  app.addHook('onRequest', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    reply.header('content-security-policy', isPaymentPage(pathname) ? paymentPolicy : appPolicy);
    // Without a trusted proxy `protocol` is always http here (the app itself never serves TLS):
    // a forged X-Forwarded-Proto cannot make a plain-http answer carry HSTS.
    if (config.trustProxy && request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
