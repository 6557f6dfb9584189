import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { RecordApprovalDialog, useChangeStatus } from '#client/features/admin-estimates/shared.ts';
import { quickActionFor } from '#domain/admin-dashboard.ts';
import type { ApprovalConsent } from '#domain/status-transitions.ts';

/**
 * The one next step for the estimate's status (pending → approved → in progress → completed), if any.
 * Approving records the customer's consent (docs/decisions/059), so it is offered only once the
 * estimate has an amount, and asks how and by whom the customer approved.
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
  const [recording, setRecording] = useState(false);
  const action = quickActionFor(status);
  if (!action) return null;
  const approving = action.next === 'approved';
  if (approving && amount === null) return null;

  const run = (consent?: ApprovalConsent) =>
    changeStatus.mutate(
      // An approval names the amount it approves: changed meanwhile, the server refuses it.
      consent && amount !== null
        ? { status: action.next, consent, expectedAmount: amount }
        : { status: action.next },
      {
        onSuccess: () => {
          setRecording(false);
          toast({ title: 'Estimate updated successfully' });
        },
        onError: (error) =>
          reportMutationError(error, { fallback: 'Failed to update estimate', withServerMessage: true }),
      },
    );

  const button = (
    <Button onClick={approving ? () => setRecording(true) : () => run()} disabled={changeStatus.isPending}>
      {changeStatus.isPending ? 'Updating…' : action.label}
    </Button>
  );
  if (!approving || amount === null) return button;

  return (
    <>
      {button}
      <RecordApprovalDialog
        open={recording}
        onOpenChange={setRecording}
        reference={reference}
        amount={amount}
        busy={changeStatus.isPending}
        onRecord={run}
      />
    </>
  );
}
