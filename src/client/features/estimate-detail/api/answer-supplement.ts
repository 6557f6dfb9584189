import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { supplementSchema } from '#domain/supplements.ts';

/** The customer's own answer to a supplement (POST …/decision {decision}); the estimate is then reloaded. */
export function useAnswerSupplement(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sid, decision }: { sid: string; decision: 'approved' | 'declined' }) =>
      sendJson(
        'POST',
        `/api/estimates/${encodeURIComponent(estimateId)}/supplements/${encodeURIComponent(sid)}/decision`,
        { decision },
        supplementSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimateKey(estimateId) }),
  });
}
