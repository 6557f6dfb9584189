import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
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
import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { canCustomerRespond, type Estimate } from '#domain/estimate.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';
import { useRespondToEstimate } from './api/respond-to-estimate.ts';

/**
 * Approve / Decline (with the optional lines left out), offered while the estimate is pending or quoted
 * and has an amount. Each asks first: approving names the total the customer agrees to.
 */
export function CustomerResponseActions({
  estimate,
  declinedLineIds = [],
  total = estimate.estimatedAmount,
}: {
  estimate: Estimate;
  /** Optional lines the customer unticked: sent with the approval. */
  declinedLineIds?: string[];
  /** The total being approved, as the page shows it (without the unticked lines). */
  total?: string | null;
}) {
  const approve = useRespondToEstimate(estimate.id);
  const decline = useRespondToEstimate(estimate.id);
  const [confirmingApproval, setConfirmingApproval] = useState(false);
  const [confirmingDecline, setConfirmingDecline] = useState(false);
  const t = useT();

  if (!canCustomerRespond(estimate)) return null;
  const busy = approve.isPending || decline.isPending;

  function onApprove() {
    setConfirmingApproval(false);
    approve.mutate(
      // The total on this page: if the shop changed the quote meanwhile, the server refuses and the page reloads it.
      { status: 'approved', declinedLineIds, expectedAmount: estimate.estimatedAmount ?? undefined },
      {
        onSuccess: () => {
          toast({
            title: t('estimate.respond.approvedTitle'),
            description: t('estimate.respond.approvedBody'),
          });
          // The next step is the customer's own: the drop-off card that now shows comes into view.
          requestAnimationFrame(() =>
            document.getElementById('book-drop-off')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
          );
        },
        onError: (error) =>
          reportMutationError(error, {
            title: t('estimate.error.title'),
            fallback: t('estimate.respond.approveFailed'),
            // "The estimate changed: please review the new total" says why, and the page reloads it.
            withServerMessage: true,
          }),
      },
    );
  }

  function onDecline() {
    setConfirmingDecline(false);
    decline.mutate(
      { status: 'declined' },
      {
        onSuccess: () =>
          toast({
            title: t('estimate.respond.declinedTitle'),
            description: t('estimate.respond.declinedBody'),
          }),
        onError: (error) =>
          reportMutationError(error, {
            title: t('estimate.error.title'),
            fallback: t('estimate.respond.declineFailed'),
          }),
      },
    );
  }

  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <Dialog open={confirmingApproval} onOpenChange={setConfirmingApproval}>
        <DialogTrigger asChild>
          <Button disabled={busy} className="bg-green-700 hover:bg-green-800">
            <Check aria-hidden="true" />
            {approve.isPending
              ? t('estimate.respond.approving')
              : normalizeStatus(estimate.status) === 'quoted'
                ? t('estimate.respond.approveQuote')
                : t('estimate.respond.approveEstimate')}
          </Button>
        </DialogTrigger>
        <DialogContent role="alertdialog" hideClose>
          <DialogHeader>
            <DialogTitle>{t('estimate.respond.approveTitle')}</DialogTitle>
            <DialogDescription>
              {t('estimate.respond.approveBody', { total: formatMoney(total) })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('estimate.respond.notYet')}</Button>
            </DialogClose>
            <Button onClick={onApprove} className="bg-green-700 hover:bg-green-800">
              {t('estimate.respond.confirmApprove', { total: formatMoney(total) })}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <Dialog open={confirmingDecline} onOpenChange={setConfirmingDecline}>
        <DialogTrigger asChild>
          <Button variant="secondary" disabled={busy}>
            <X aria-hidden="true" />
            {decline.isPending ? t('estimate.respond.declining') : t('estimate.respond.decline')}
          </Button>
        </DialogTrigger>
        <DialogContent role="alertdialog" hideClose>
          <DialogHeader>
            <DialogTitle>{t('estimate.respond.declineTitle')}</DialogTitle>
            <DialogDescription>{t('estimate.respond.declineBody')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('estimate.respond.keep')}</Button>
            </DialogClose>
            <Button onClick={onDecline}>{t('estimate.respond.confirmDecline')}</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
