import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson } from '#client/lib/api.ts';
import { csiOverviewSchema, csiSchema, recoveryTaskListSchema } from '#domain/surveys.ts';

const satisfactionKey = ['/api/admin/csi'] as const;
const recoveryKey = ['/api/admin/recovery'] as const;

/** The NPS of the last 90 days; refreshed now and then (answers come in through the day). */
export function useCsi() {
  return useQuery(
    queryOptions({
      queryKey: satisfactionKey,
      queryFn: () => getJson('/api/admin/csi', csiSchema),
      refetchInterval: 60_000,
    }),
  );
}

export function useCsiOverview() {
  return useQuery(
    queryOptions({
      queryKey: [...satisfactionKey, 'overview'],
      queryFn: () => getJson('/api/admin/csi/overview', csiOverviewSchema),
      refetchInterval: 60_000,
    }),
  );
}

/** The open "Call back" tasks, oldest first: a low score shows within half a minute. */
export function useRecoveryTasks() {
  return useQuery(
    queryOptions({
      queryKey: recoveryKey,
      queryFn: () => getJson('/api/admin/recovery', recoveryTaskListSchema),
      refetchInterval: 30_000,
    }),
  );
}

export function useCloseRecoveryTask() {
  const queryClient = useQueryClient();
  return useMutation({
    // 204: nothing to read back.
    mutationFn: async ({ id, note }: { id: string; note: string }) => {
      await apiRequest('POST', `/api/admin/recovery/${encodeURIComponent(id)}/close`, { note });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recoveryKey }),
  });
}
