import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks.js';
import { googleConfig } from '#server/adapters/google/google-config.ts';
import { createObjectStore } from '#server/adapters/object-store/create-object-store.ts';
import { smsConfig } from '#server/adapters/sms/sms-config.ts';
import type { AppConfig } from '#server/config.ts';
import { createTestApp, testConfig } from './app.ts';
import type { MatrixContext } from './authorization-matrix-world.ts';
import { type GoogleStandIn, startGoogleStandIn } from './google-stand-in.ts';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in.ts';

/**
 * The apps every route is tried on. Which routes exist depends on configuration: the built-in test
 * payments are there only without Stripe, the Stripe webhook only with it, Twilio's replies only
 * with Twilio. So there are two apps, both with Google connected (to a local stand-in) and photos on
 * disk; the second also has Stripe and Twilio.
 */
export type AppVariant = 'default' | 'stripe';

export const MATRIX_WEBHOOK_SECRET = 'whsec_matrix';
export const MATRIX_METRICS_TOKEN = 'matrix-metrics-token-0123456789';
/** Twilio settings of the second app: only the auth token matters (it signs the replies). */
const MATRIX_TWILIO = {
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'matrix-twilio-auth-token',
  TWILIO_FROM: '+18135550000',
};

/** The X-Twilio-Signature Twilio would send with this reply to the app at `appUrl`. */
export function signTwilioReply(appUrl: string, params: Record<string, string>): string {
  return getExpectedTwilioSignature(MATRIX_TWILIO.TWILIO_AUTH_TOKEN, `${appUrl}/api/twilio/inbound`, params);
}
const signer = new Stripe('sk_test_matrix_signer');

/** The Stripe-Signature header Stripe would send with this payload. */
export function signWebhook(payload: string): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret: MATRIX_WEBHOOK_SECRET });
}

export interface MatrixApps {
  contexts: Record<AppVariant, MatrixContext>;
  close(): Promise<void>;
}

export async function startMatrixApps(): Promise<MatrixApps> {
  const google: GoogleStandIn = await startGoogleStandIn();
  const stripe: StripeStandIn = await startStripeStandIn();
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-matrix-'));
  const objectStore = { kind: 'disk' as const, dir };
  const common: Partial<AppConfig> = {
    objectStore,
    google: googleConfig(google.env),
    // Many sign-ins and registrations come from one address here; the limits are not what is tested.
    rateLimitScale: 1000,
    // So that GET /api/metrics is there to be refused (without a token it answers 404 to everyone).
    metricsToken: MATRIX_METRICS_TOKEN,
    // The notice of lien needs it (F.S. 713.585(1)(g)): without it the shop's call is refused.
    shop: { ...testConfig().shop, registrationNumber: 'MV00001' },
  };
  const plain = await createTestApp(common);
  const withStripe = await createTestApp({
    ...common,
    payments: {
      kind: 'stripe',
      secretKey: stripe.apiKey,
      publishableKey: 'pk_test_matrix',
      webhookSecret: MATRIX_WEBHOOK_SECRET,
      api: { host: stripe.host, port: stripe.port, protocol: 'http' },
    },
    sms: smsConfig(MATRIX_TWILIO, dir),
  });
  await plain.app.ready();
  await withStripe.app.ready();
  const store = await createObjectStore({ objectStore });
  return {
    contexts: {
      default: { t: plain, store, google },
      stripe: { t: withStripe, store, google },
    },
    async close() {
      await plain.close();
      await withStripe.close();
      await google.close();
      await stripe.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `METHOD /path` of every API route the app has. */
export function apiRouteKeys(context: MatrixContext): string[] {
  return context.t.app.routeTable
    .filter((route) => route.url.startsWith('/api/'))
    .map((route) => `${route.method} ${route.url}`);
}
