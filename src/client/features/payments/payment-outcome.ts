import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { toast } from '#client/components/ui/use-toast.ts';
import { estimatesKey } from '#client/features/estimates/shared.ts';

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
            ? { title: 'Payment Processing', description: 'Your payment is being processed...' }
            : { title: 'Payment Initiated', description: 'Redirecting to confirmation...' },
        );
        void queryClient.invalidateQueries({ queryKey: estimatesKey });
        navigate(paymentSuccessUrl(estimateId, paymentIntentId));
      },
      failed(message: string) {
        toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
      },
      unexpected() {
        toast({
          title: 'Payment Error',
          description: 'An unexpected error occurred. Please try again.',
          variant: 'destructive',
        });
      },
    }),
    [estimateId, navigate, queryClient],
  );
}
