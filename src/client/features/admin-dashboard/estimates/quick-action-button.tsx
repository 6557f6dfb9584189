import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useChangeStatus } from '#client/features/admin-estimates/shared.ts';
import { reportMutationError } from '#client/lib/report-mutation-error.ts';
import { quickActionFor } from '#domain/admin-dashboard.ts';

/** The one next step for the estimate's status (pending → approved → in progress → completed), if any. */
export function QuickActionButton({ estimateId, status }: { estimateId: string; status: string }) {
  const changeStatus = useChangeStatus(estimateId);
  const action = quickActionFor(status);
  if (!action) return null;

  const run = () =>
    changeStatus.mutate(
      { status: action.next },
      {
        onSuccess: () => toast({ title: 'Estimate updated successfully' }),
        onError: (error) => reportMutationError(error, { fallback: 'Failed to update estimate' }),
      },
    );

  return (
    <Button onClick={run} disabled={changeStatus.isPending}>
      {changeStatus.isPending ? 'Updating…' : action.label}
    </Button>
  );
}
