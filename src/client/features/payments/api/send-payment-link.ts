import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { createdPaymentLinkSchema } from '#domain/payment-links.ts';

/** Staff: a new payment link, e-mailed (and texted, when the customer takes texts) by the server. */
export function useSendPaymentLink(estimateId: string) {
  return useMutation({
    mutationFn: () =>
      sendJson(
        'POST',
        `/api/admin/estimates/${encodeURIComponent(estimateId)}/payment-link`,
        undefined,
        createdPaymentLinkSchema,
      ),
  });
}
