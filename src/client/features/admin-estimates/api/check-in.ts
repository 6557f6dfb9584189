import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '#client/lib/api.ts';
import { type CheckInRequest, checkInReplySchema, createdCheckInSchema } from '#domain/check-in.ts';
import { adminEstimateKey } from './get-admin-estimate.ts';

const checkInKey = (id: string) => ['estimates', id, 'check-in'] as const;

/** The latest check-in of the estimate and the angles the shop requires. */
export function useCheckIn(id: string) {
  return useQuery({
    queryKey: checkInKey(id),
    queryFn: () => getJson(`/api/estimates/${encodeURIComponent(id)}/check-in`, checkInReplySchema),
  });
}

/** POST /api/admin/estimates/{id}/check-in; the timeline on the page shows it too. */
export function useRecordCheckIn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CheckInRequest) =>
      sendJson(
        'POST',
        `/api/admin/estimates/${encodeURIComponent(id)}/check-in`,
        input,
        createdCheckInSchema,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: checkInKey(id) });
      void queryClient.invalidateQueries({ queryKey: adminEstimateKey(id) });
    },
  });
}
