import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { getJson } from '#client/lib/api.ts';
import { calendarSchema } from '#domain/calendar.ts';

/**
 * Under the estimates key: scheduling, rescheduling or a status change invalidates the estimates,
 * and with them every month of the calendar. Null asks for the shop's current month.
 */
export const calendarKey = (month: string | null) =>
  [...estimatesKey, 'admin-calendar', month ?? 'current'] as const;

export const calendarQuery = (month: string | null) =>
  queryOptions({
    queryKey: calendarKey(month),
    queryFn: () =>
      getJson(
        month ? `/api/admin/calendar?month=${encodeURIComponent(month)}` : '/api/admin/calendar',
        calendarSchema,
      ),
    // Data never goes stale on its own (app default), so 'always': back at the desk, the shop sees bookings made elsewhere.
    refetchOnWindowFocus: 'always',
    // Moving between months keeps the last month on screen (dimmed) instead of a blank page.
    placeholderData: keepPreviousData,
  });

export function useCalendar(month: string | null) {
  return useQuery(calendarQuery(month));
}
