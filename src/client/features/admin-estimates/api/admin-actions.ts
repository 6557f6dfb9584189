import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import {
  type AdminEstimateDetails,
  adminEstimateDetailsSchema,
  type ChangeStatusInput,
  type QuoteEstimateInput,
  type ScheduleDropOff,
} from '#domain/admin-estimates.ts';
import { storeAdminEstimate } from './get-admin-estimate.ts';

function postAction(id: string, action: string, body?: unknown): Promise<AdminEstimateDetails> {
  const url = `/api/admin/estimates/${encodeURIComponent(id)}/${action}`;
  return sendJson('POST', url, body, adminEstimateDetailsSchema);
}

/** One of the shop's actions on the estimate; its answer is the whole page's data. */
function useAdminAction<Input>(send: (input: Input) => Promise<AdminEstimateDetails>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (details) => storeAdminEstimate(queryClient, details),
  });
}

export function useQuoteEstimate(id: string) {
  return useAdminAction((quote: QuoteEstimateInput) => postAction(id, 'quote', quote));
}

export function useScheduleDropOff(id: string) {
  return useAdminAction((booking: ScheduleDropOff) => postAction(id, 'schedule', booking));
}

export function useRequestReschedule(id: string) {
  return useAdminAction(() => postAction(id, 'reschedule'));
}

/** The car did not come: the booking is kept as a no-show, the estimate approved again, the customer written to. */
export function useMarkNoShow(id: string) {
  return useAdminAction(() => postAction(id, 'drop-off/no-show'));
}

export function useChangeStatus(id: string) {
  return useAdminAction((change: ChangeStatusInput) => postAction(id, 'status', change));
}
