import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { setApiTransport } from '#client/lib/api.ts';
import { PAYMENT_LINK_CLOSED, PAYMENT_LINK_NOT_VALID, PAYMENT_LINK_PAID } from '#domain/payment-links.ts';
import { type PaymentLinkState, paymentLinkIntentMutation, paymentLinkKey } from './payment-link.ts';

const token = 'a-link-token';
const open: PaymentLinkState = {
  kind: 'open',
  page: {
    shop: { name: 'Lakeside Family Collision', phone: '(813) 555-0100' },
    vehicle: null,
    amountDue: '500.00',
    expiresAt: '2026-12-12T00:00:00.000Z',
  },
};

/** The bill shown as open, then the intent asked for while the server answers `status` and `message`. */
async function askForIntent(status: number, message: string): Promise<PaymentLinkState | undefined> {
  setApiTransport(async () => new Response(JSON.stringify({ message }), { status }));
  const queryClient = new QueryClient();
  queryClient.setQueryData(paymentLinkKey(token), open);
  const observer = new MutationObserver(queryClient, paymentLinkIntentMutation(queryClient, token));
  await expect(observer.mutate()).rejects.toThrow();
  return queryClient.getQueryData<PaymentLinkState>(paymentLinkKey(token));
}

describe("the payment link's intent", () => {
  afterEach(() => setApiTransport(null));

  it('refused because the bill was paid elsewhere meanwhile, the page says paid, not "try again"', async () => {
    expect(await askForIntent(410, PAYMENT_LINK_PAID)).toEqual({ kind: 'paid' });
  });

  it('refused because the estimate was closed (cancelled) meanwhile, the page says closed', async () => {
    expect(await askForIntent(410, PAYMENT_LINK_CLOSED)).toEqual({ kind: 'closed' });
  });

  it('refused because the link is no longer valid, the page says so', async () => {
    expect(await askForIntent(404, PAYMENT_LINK_NOT_VALID)).toEqual({ kind: 'notValid' });
  });

  it('a failure that may pass keeps the bill, with its retry', async () => {
    expect(await askForIntent(503, 'Service unavailable')).toEqual(open);
  });
});
