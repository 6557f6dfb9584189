import { useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { dropOffDaySchema } from '#domain/admin-estimates.ts';
import { isCalendarDate } from '#domain/drop-off-slots.ts';
import { adminEstimateKey } from './get-admin-estimate.ts';

/** Under the estimate's key, so booking or moving its drop-off (or any other action) refreshes it. */
export const dropOffDayKey = (id: string, date: string) =>
  [...adminEstimateKey(id), 'drop-off-day', date] as const;

/** The chosen day's open windows and how full each is, or why the shop is closed (asked once the date is a real day). */
export function useDropOffDay(id: string, date: string) {
  return useQuery({
    queryKey: dropOffDayKey(id, date),
    queryFn: () =>
      getJson(
        `/api/admin/estimates/${encodeURIComponent(id)}/drop-off-slots?date=${encodeURIComponent(date)}`,
        dropOffDaySchema,
      ),
    enabled: isCalendarDate(date),
    // Another admin may book the last place while the form is open.
    refetchInterval: 15_000,
  });
}
