/** Where card payments go: Stripe when STRIPE_SECRET_KEY is set, else the built-in test mode. */
export type PaymentsConfig =
  | { kind: 'test' }
  | {
      kind: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** Without it the webhook route is off; payments are still confirmed when the customer returns. */
      webhookSecret: string | null;
      /** Testing only: sends Stripe API calls to a local stand-in instead of api.stripe.com. */
      api: { host: string; port: number | null; protocol: 'http' | 'https' } | null;
    };

export interface StripeEnv {
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_HOST?: string;
  STRIPE_API_PORT?: number;
  STRIPE_API_PROTOCOL?: 'http' | 'https';
}

/**
 * The STRIPE_* variables belong together: the card form needs the publishable key whenever the server
 * has the secret one, and the other variables mean nothing without the secret key. Returns the
 * problems as `NAME: reason` lines, or the configuration.
 */
export function paymentsConfig(e: StripeEnv): { problems: string[]; config: PaymentsConfig } {
  const problems: string[] = [];
  if (!e.STRIPE_SECRET_KEY) {
    for (const name of [
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_HOST',
      'STRIPE_API_PORT',
      'STRIPE_API_PROTOCOL',
    ] as const) {
      if (e[name] !== undefined) problems.push(`STRIPE_SECRET_KEY: must be set when ${name} is set`);
    }
    return { problems, config: { kind: 'test' } };
  }
  if (!e.STRIPE_PUBLISHABLE_KEY) {
    problems.push('STRIPE_PUBLISHABLE_KEY: must be set together with STRIPE_SECRET_KEY');
  }
  if (!e.STRIPE_API_HOST && (e.STRIPE_API_PORT !== undefined || e.STRIPE_API_PROTOCOL)) {
    problems.push('STRIPE_API_HOST: must be set when STRIPE_API_PORT or STRIPE_API_PROTOCOL is set');
  }
  return {
    problems,
    config: {
      kind: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
      api: e.STRIPE_API_HOST
        ? {
            host: e.STRIPE_API_HOST,
            port: e.STRIPE_API_PORT ?? null,
            protocol: e.STRIPE_API_PROTOCOL ?? 'https',
          }
        : null,
    },
  };
}
