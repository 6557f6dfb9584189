import { quickActionFor } from '../../../../domain/admin-dashboard';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { useChangeStatus } from '../../admin-estimate/api/admin-actions';
import { reportMutationError } from '../../estimates/report-mutation-error';

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
