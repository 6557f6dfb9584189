import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { reportMutationError } from '#client/lib/report-mutation-error.ts';
import { canCustomerRespond, type Estimate } from '#domain/estimate.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { useRespondToEstimate } from './api/respond-to-estimate.ts';

/** Approve / Decline (with the optional lines left out), offered while the estimate is pending or quoted and has an amount. */
export function CustomerResponseActions({
  estimate,
  declinedLineIds = [],
}: {
  estimate: Estimate;
  /** Optional lines the customer unticked: sent with the approval. */
  declinedLineIds?: string[];
}) {
  const approve = useRespondToEstimate(estimate.id);
  const decline = useRespondToEstimate(estimate.id);
  const [confirmingDecline, setConfirmingDecline] = useState(false);

  if (!canCustomerRespond(estimate)) return null;
  const busy = approve.isPending || decline.isPending;

  function onApprove() {
    approve.mutate(
      { status: 'approved', declinedLineIds },
      {
        onSuccess: () =>
          toast({
            title: 'Estimate Approved',
            description: 'Your estimate has been approved and work will begin soon.',
          }),
        onError: (error) =>
          reportMutationError(error, { fallback: 'Failed to approve estimate. Please try again.' }),
      },
    );
  }

  function onDecline() {
    setConfirmingDecline(false);
    decline.mutate(
      { status: 'declined' },
      {
        onSuccess: () =>
          toast({ title: 'Estimate Declined', description: 'You have declined this estimate.' }),
        onError: (error) =>
          reportMutationError(error, { fallback: 'Failed to decline estimate. Please try again.' }),
      },
    );
  }

  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Button onClick={onApprove} disabled={busy} className="bg-green-700 hover:bg-green-800">
        <Check aria-hidden="true" />
        {approve.isPending
          ? 'Approving...'
          : normalizeStatus(estimate.status) === 'quoted'
            ? 'Approve Quote'
            : 'Approve Estimate'}
      </Button>
      <Dialog open={confirmingDecline} onOpenChange={setConfirmingDecline}>
        <DialogTrigger asChild>
          <Button variant="secondary" disabled={busy}>
            <X aria-hidden="true" />
            {decline.isPending ? 'Declining...' : 'Decline'}
          </Button>
        </DialogTrigger>
        <DialogContent role="alertdialog" hideClose>
          <DialogHeader>
            <DialogTitle>Decline this estimate?</DialogTitle>
            <DialogDescription>
              We won't start any work. If you change your mind later, just message or call us.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">Keep Estimate</Button>
            </DialogClose>
            <Button onClick={onDecline}>Decline Estimate</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
