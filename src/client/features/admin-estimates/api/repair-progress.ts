import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import type { AdminEstimateDetails } from '#domain/admin-estimates.ts';
import { type EstimateDetail, estimateDetailSchema } from '#domain/estimate-detail.ts';
import type { AddStage } from '#domain/repair-progress.ts';
import { adminEstimateKey } from './get-admin-estimate.ts';
import { usePricing } from './lines.ts';

const base = (id: string) => `/api/estimates/${encodeURIComponent(id)}`;

/** The configured repair stages, in order (answered with the pricing); empty while loading. */
export function useRepairStages(): { stages: string[]; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = usePricing();
  return { stages: data?.repairStages ?? [], isLoading, isError };
}

/** The answer is the estimate with its new timeline: shown at once, then lists and calendar refresh. */
function useEstimateChange<Input>(id: string, send: (input: Input) => Promise<EstimateDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (estimate) => {
      queryClient.setQueryData<AdminEstimateDetails>(adminEstimateKey(id), (old) =>
        old ? { ...old, estimate } : old,
      );
      // Not awaited: the card clears its form at once, not after the lists and the calendar (under the
      // estimates' key, where a promised date moves a car due out) have been fetched again.
      void queryClient.invalidateQueries({ queryKey: estimatesKey });
    },
  });
}

/** POST /api/estimates/{id}/stages: the car reached a stage (with a note, photos, maybe internal). */
export function useRecordStage(id: string) {
  return useEstimateChange(id, (stage: AddStage) =>
    sendJson('POST', `${base(id)}/stages`, stage, estimateDetailSchema),
  );
}

/** PATCH /api/estimates/{id} {promisedDate, promisedDateReason?}: set or move the promised date. */
export function useChangePromisedDate(id: string) {
  return useEstimateChange(id, (change: { promisedDate: string; promisedDateReason?: string }) =>
    sendJson('PATCH', base(id), change, estimateDetailSchema),
  );
}
