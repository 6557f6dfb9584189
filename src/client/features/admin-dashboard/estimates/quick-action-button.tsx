import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useChangeStatus } from '#client/features/admin-estimates/shared.ts';
import { quickActionFor } from '#domain/admin-dashboard.ts';
import { formatMoney } from '#domain/money.ts';

/**
 * The one next step for the estimate's status (pending → approved → in progress → completed), if any.
 * Approving e-mails the customer, so it is offered only once the estimate has an amount, and asks first.
 */
export function QuickActionButton({
  estimateId,
  reference,
  status,
  amount,
}: {
  estimateId: string;
  reference: string;
  status: string;
  amount: string | null;
}) {
  const changeStatus = useChangeStatus(estimateId);
  const [confirming, setConfirming] = useState(false);
  const action = quickActionFor(status);
  if (!action) return null;
  const approving = action.next === 'approved';
  if (approving && amount === null) return null;

  const run = () =>
    changeStatus.mutate(
      { status: action.next },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({ title: 'Estimate updated successfully' });
        },
        onError: (error) => reportMutationError(error, { fallback: 'Failed to update estimate' }),
      },
    );

  const button = (
    <Button onClick={approving ? () => setConfirming(true) : run} disabled={changeStatus.isPending}>
      {changeStatus.isPending ? 'Updating…' : action.label}
    </Button>
  );
  if (!approving || amount === null) return button;

  return (
    <>
      {button}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Approve estimate #${reference}?`}
        description={`Estimate #${reference} will be approved at ${formatMoney(amount)}, and the customer will be e-mailed.`}
        confirmLabel="Approve"
        busyLabel="Approving…"
        busy={changeStatus.isPending}
        onConfirm={run}
      />
    </>
  );
}
