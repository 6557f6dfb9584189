import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client.ts';
import { TestPaymentProvider } from './test-provider.ts';

// These checks never reach the database.
const provider = new TestPaymentProvider({} as Db, 'server-secret-for-tests');
const input = (idempotencyKey: string) => ({
  amountCents: 50_000,
  currency: 'usd',
  estimateId: 'e1',
  idempotencyKey,
});

describe('TestPaymentProvider', () => {
  it('gives the same intent for the same idempotency key, and a new one for a new key', async () => {
    const first = await provider.createIntent(input('estimate-e1-50000-1'));
    expect(first).toMatchObject({ status: 'requires_payment', amountCents: 50_000, estimateId: 'e1' });
    expect((await provider.createIntent(input('estimate-e1-50000-1'))).id).toBe(first.id);
    expect((await provider.createIntent(input('estimate-e1-50000-2'))).id).not.toBe(first.id);
  });

  it('recognises only client secrets it issued', async () => {
    const { id, clientSecret } = await provider.createIntent(input('estimate-e1-50000-3'));
    expect(clientSecret).toMatch(new RegExp(`^${id}_secret_[0-9a-f]{24}$`));
    expect(provider.intentIdFromClientSecret(clientSecret ?? '')).toBe(id);
    expect(provider.intentIdFromClientSecret(`${id}_secret_${'a'.repeat(24)}`)).toBeNull();
    const otherServer = new TestPaymentProvider({} as Db, 'another-secret');
    expect(otherServer.intentIdFromClientSecret(clientSecret ?? '')).toBeNull();
    expect(provider.intentIdFromClientSecret('')).toBeNull();
  });
});
