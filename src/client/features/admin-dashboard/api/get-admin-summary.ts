import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '#client/lib/api.ts';
import { adminEstimateSummarySchema } from '#domain/admin-dashboard.ts';
import { adminDashboardKey } from './admin-dashboard-keys.ts';

export const adminSummaryQuery = queryOptions({
  queryKey: [...adminDashboardKey, 'summary'] as const,
  queryFn: () => getJson('/api/admin/estimates/summary', adminEstimateSummarySchema),
  refetchInterval: 5000,
  refetchOnWindowFocus: true,
});

/** The header badges and the six summary cards: one small aggregate, polled like the list. */
export function useAdminSummary() {
  return useQuery(adminSummaryQuery);
}
