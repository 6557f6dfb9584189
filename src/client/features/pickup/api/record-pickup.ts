import { useMutation, useQueryClient } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { sendJson } from '#client/lib/api.ts';
import { type PickupInput, pickedUpSchema } from '#domain/surveys.ts';

/** POST /api/admin/estimates/{id}/pickup; then every view of estimates (desk, calendar, lists) refreshes. */
export function useRecordPickup(estimateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PickupInput) =>
      sendJson(
        'POST',
        `/api/admin/estimates/${encodeURIComponent(estimateId)}/pickup`,
        input,
        pickedUpSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: estimatesKey }),
  });
}
