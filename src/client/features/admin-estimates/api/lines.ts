import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { getJson, sendJson } from '#client/lib/api.ts';
import type { AdminEstimateDetails } from '#domain/admin-estimates.ts';
import { estimateDetailSchema } from '#domain/estimate-detail.ts';
import type { EstimateLineInput } from '#domain/estimate-lines.ts';
import { shopSettingsSchema } from '#domain/repair-progress.ts';
import {
  type CreateSupplementInput,
  type SupplementDecisionInput,
  supplementSchema,
} from '#domain/supplements.ts';
import { adminEstimateKey } from './get-admin-estimate.ts';

const base = (id: string) => `/api/estimates/${encodeURIComponent(id)}`;

/** The labor rate, tax rate and taxed kinds (the editor's live totals), and the repair stages. */
export function usePricing() {
  return useQuery({
    queryKey: ['admin', 'pricing'],
    queryFn: () => getJson('/api/admin/pricing', shopSettingsSchema),
    staleTime: 10 * 60_000,
  });
}

/** PUT …/lines: the answer is the estimate, shown at once on the page. */
export function useSaveLines(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lines: EstimateLineInput[]) =>
      sendJson('PUT', `${base(id)}/lines`, { lines }, estimateDetailSchema),
    onSuccess: async (estimate) => {
      queryClient.setQueryData<AdminEstimateDetails>(adminEstimateKey(id), (old) =>
        old ? { ...old, estimate } : old,
      );
      await queryClient.invalidateQueries({ queryKey: estimateKey(id) });
    },
  });
}

/** POST …/supplements, then the page reloads the estimate (the supplement and its note are on it). */
export function useSendSupplement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplement: CreateSupplementInput) =>
      sendJson('POST', `${base(id)}/supplements`, supplement, supplementSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimateKey(id) }),
  });
}

/** POST …/supplements/{sid}/decision: the customer's answer, given online or recorded by the shop. */
export function useDecideSupplement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sid, ...decision }: SupplementDecisionInput & { sid: string }) =>
      sendJson(
        'POST',
        `${base(id)}/supplements/${encodeURIComponent(sid)}/decision`,
        decision,
        supplementSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimateKey(id) }),
  });
}
