import {
  mutationOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, getJson, sendJson } from '#client/lib/api.ts';
import {
  PAYMENT_LINK_PAID,
  type PaymentLinkPage,
  paymentLinkConfirmationSchema,
  paymentLinkPageSchema,
} from '#domain/payment-links.ts';
import { paymentIntentReplySchema } from '#domain/payments.ts';

const base = (token: string) => `/api/pay/${encodeURIComponent(token)}`;

/** What the link opens: the bill, or why not (not valid: 404; paid or closed: 410). */
export type PaymentLinkState =
  | { kind: 'open'; page: PaymentLinkPage }
  | { kind: 'notValid' }
  | { kind: 'paid' }
  | { kind: 'closed' };

/** Why a call on the link was refused, when the refusal says the link is dead (404, 410); else null. */
function deadLinkState(error: unknown): Exclude<PaymentLinkState, { kind: 'open' }> | null {
  if (error instanceof ApiError && error.status === 404) return { kind: 'notValid' };
  if (error instanceof ApiError && error.status === 410) {
    return { kind: error.serverMessage === PAYMENT_LINK_PAID ? 'paid' : 'closed' };
  }
  return null;
}

async function fetchPaymentLink(token: string): Promise<PaymentLinkState> {
  try {
    return { kind: 'open', page: await getJson(base(token), paymentLinkPageSchema) };
  } catch (error) {
    const dead = deadLinkState(error);
    if (dead) return dead;
    throw error;
  }
}

export const paymentLinkKey = (token: string) => ['/api/pay', token] as const;

export function usePaymentLink(token: string, enabled = true) {
  return useQuery(
    queryOptions({ queryKey: paymentLinkKey(token), queryFn: () => fetchPaymentLink(token), enabled }),
  );
}

/**
 * The intent for the amount due now: the server works it out, the link carries none. Refused because
 * the link died while the page was open (paid at the counter, the estimate cancelled, expired), the
 * link's own state changes to say so: the page then shows "paid" or "closed" instead of a retry that
 * cannot succeed.
 */
export function paymentLinkIntentMutation(queryClient: QueryClient, token: string) {
  return mutationOptions({
    mutationFn: () => sendJson('POST', `${base(token)}/intent`, undefined, paymentIntentReplySchema),
    onError: (error: Error) => {
      const dead = deadLinkState(error);
      if (dead) queryClient.setQueryData<PaymentLinkState>(paymentLinkKey(token), dead);
    },
  });
}

export function useCreatePaymentLinkIntent(token: string) {
  return useMutation(paymentLinkIntentMutation(useQueryClient(), token));
}

export const testCardUrl = (token: string) => `${base(token)}/test-payments/confirm`;

/** Whether the payment went through, asked of the server (which asks the provider). */
export function usePaymentLinkConfirmation(token: string, paymentIntentId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...paymentLinkKey(token), 'confirm', paymentIntentId] as const,
      queryFn: () =>
        sendJson('POST', `${base(token)}/confirm`, { paymentIntentId }, paymentLinkConfirmationSchema),
      enabled: paymentIntentId !== null,
      // A payment still being processed by the card network is asked about again until it settles.
      refetchInterval: (query) => (query.state.data?.status === 'processing' ? 3000 : false),
    }),
  );
}
