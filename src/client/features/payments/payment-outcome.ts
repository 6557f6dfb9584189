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

/** What both card forms do with the provider's answer: the spec's toasts, then the confirmation page. */
export function usePaymentOutcome(estimateId: string) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      confirmed(paymentIntentId: string, status: 'succeeded' | 'processing') {
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
        void queryClient.invalidateQueries({ queryKey: estimatesKey });
        navigate(paymentSuccessUrl(estimateId, paymentIntentId));
      },
      /** `message` is already in the page's language. */
      failed(message: string) {
        toast({
          title: translate('payment.toast.failed.title'),
          description: message,
          variant: 'destructive',
        });
      },
      unexpected() {
        toast({
          title: translate('payment.toast.unexpected.title'),
          description: translate('payment.toast.unexpected.description'),
          variant: 'destructive',
        });
      },
    }),
    [estimateId, navigate, queryClient],
  );
}
