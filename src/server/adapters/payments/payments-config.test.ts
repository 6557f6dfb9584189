import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/shop-test' };

describe('payments configuration', () => {
  it('is the built-in test mode when no Stripe key is set', () => {
    expect(loadConfig(base).payments).toEqual({ kind: 'test' });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: '' }).payments).toEqual({ kind: 'test' });
  });

  it('is Stripe with both keys', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(config.payments).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: 'whsec_1',
      api: null,
    });
  });

  it('can point the SDK at a local stand-in (testing only)', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(config.payments).toMatchObject({
      webhookSecret: null,
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
  });

  it('stops start-up naming the variable when keys do not go together', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: must be set together with STRIPE_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...base, STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      /STRIPE_SECRET_KEY: must be set when STRIPE_WEBHOOK_SECRET is set/,
    );
    expect(() =>
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_API_PORT: '1' }),
    ).toThrow(/STRIPE_API_HOST/);
    expect(() =>
      loadConfig({
        ...base,
        STRIPE_SECRET_KEY: 'sk',
        STRIPE_PUBLISHABLE_KEY: 'pk',
        STRIPE_API_PROTOCOL: 'ftp',
      }),
    ).toThrow(/STRIPE_API_PROTOCOL/);
  });
});
