import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateKey } from '#client/features/estimates/shared.ts';
import { getJson } from '#client/lib/api.ts';
import { dropOffBookingSchema } from '#domain/drop-off-booking.ts';

/** Under the estimate's key: whatever refreshes the estimate (a reschedule) refreshes its booking too. */
export const dropOffQuery = (estimateId: string) =>
  queryOptions({
    queryKey: [...estimateKey(estimateId), 'drop-off'] as const,
    queryFn: () => getJson(`/api/estimates/${encodeURIComponent(estimateId)}/drop-off`, dropOffBookingSchema),
  });

/** Asked only while a booking matters to the customer (see `showsDropOff`). */
export function useDropOff(estimateId: string, enabled: boolean) {
  return useQuery({ ...dropOffQuery(estimateId), enabled });
}
