import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { payments } from '#server/db/schema.ts';
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from './payment-provider.ts';

const INTENT_ID = /^pi_test_[0-9a-f]{24}$/;
const CLIENT_SECRET = /^(pi_test_[0-9a-f]{24})_secret_([0-9a-f]{24})$/;

/**
 * The built-in provider used when no Stripe key is configured, so a fresh install can take a payment
 * end to end. It moves no money. Its intents are the rows of the payments table itself, so they
 * survive restarts and every server process sees the same state; ids and client secrets are derived
 * from the server secret, so any process can check a secret another one handed out.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
  ) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    // Same idempotency key, same intent: as with a real provider, a retried create cannot fork.
    const id = `pi_test_${this.sign(`intent:${input.idempotencyKey}`)}`;
    return {
      id,
      clientSecret: this.clientSecretFor(id),
      status: 'requires_payment',
      amountCents: input.amountCents,
      currency: input.currency,
      estimateId: input.estimateId,
      failureMessage: null,
      card: null,
    };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    if (!INTENT_ID.test(id)) return null;
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.providerIntentId, id), eq(payments.provider, this.name)))
      .limit(1);
    if (!row) return null;
    return {
      id,
      clientSecret: this.clientSecretFor(id),
      status: row.status,
      amountCents: row.amountCents,
      currency: row.currency,
      estimateId: row.estimateId,
      failureMessage: row.failureMessage,
      card: row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    };
  }

  /** The payments row is this provider's record, and the caller marks it; nothing else to undo. */
  async cancelIntent(): Promise<Pick<ProviderIntent, 'status' | 'failureMessage' | 'card'>> {
    return { status: 'canceled', failureMessage: null, card: null };
  }

  /** The intent a client secret belongs to, or null when the secret was not issued by this server. */
  intentIdFromClientSecret(clientSecret: string): string | null {
    const match = CLIENT_SECRET.exec(clientSecret);
    if (!match?.[1] || !match[2]) return null;
    const expected = Buffer.from(this.clientSecretFor(match[1]));
    const given = Buffer.from(clientSecret);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
  }

  private clientSecretFor(id: string): string {
    return `${id}_secret_${this.sign(`client-secret:${id}`)}`;
  }

  private sign(value: string): string {
    return createHmac('sha256', this.secret).update(`test-payments:${value}`).digest('hex').slice(0, 24);
  }
}
