import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { toast } from '#client/components/ui/use-toast.ts';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { translate } from '#client/i18n/i18n.ts';

export function paymentSuccessUrl(estimateId: string, paymentIntentId?: string): string {
  const params = new URLSearchParams({ estimate: estimateId });
  if (paymentIntentId) params.set('payment_intent', paymentIntentId);
  return `/payment-success?${params.toString()}`;
}

/** What a card form does with the provider's answer: where the payment goes next is the page's to say. */
export interface PaymentOutcome {
  confirmed(paymentIntentId: string, status: 'succeeded' | 'processing'): void;
  /** `message` is already in the page's language. */
  failed(message: string): void;
  unexpected(): void;
}

/** The spec's toast for a payment the provider took (or is still taking). */
function confirmedToast(status: 'succeeded' | 'processing') {
  toast(
    status === 'processing'
      ? {
          title: translate('payment.toast.processing.title'),
          description: translate('payment.toast.processing.description'),
        }
      : {
          title: translate('payment.toast.initiated.title'),
          description: translate('payment.toast.initiated.description'),
        },
  );
}

function failedToast(message: string) {
  toast({ title: translate('payment.toast.failed.title'), description: message, variant: 'destructive' });
}

function unexpectedToast() {
  toast({
    title: translate('payment.toast.unexpected.title'),
    description: translate('payment.toast.unexpected.description'),
    variant: 'destructive',
  });
}

/** The signed-in payment page's outcome: the spec's toasts, then the confirmation page. */
export function usePaymentOutcome(estimateId: string): PaymentOutcome {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      confirmed(paymentIntentId: string, status: 'succeeded' | 'processing') {
        confirmedToast(status);
        void queryClient.invalidateQueries({ queryKey: estimatesKey });
        navigate(paymentSuccessUrl(estimateId, paymentIntentId));
      },
      failed: failedToast,
      unexpected: unexpectedToast,
    }),
    [estimateId, navigate, queryClient],
  );
}

/** A payment link's outcome: the same toasts, and the link's page shows the result in place. */
export function linkPaymentOutcome(onConfirmed: (paymentIntentId: string) => void): PaymentOutcome {
  return {
    confirmed(paymentIntentId, status) {
      if (status === 'processing') confirmedToast(status);
      onConfirmed(paymentIntentId);
    },
    failed: failedToast,
    unexpected: unexpectedToast,
  };
}
