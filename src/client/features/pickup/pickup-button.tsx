import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { usePaymentSummary } from '#client/features/payments/shared.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import { useRecordPickup } from './api/record-pickup.ts';

/**
 * "Car picked up": asks first, naming any balance still due (the server refuses a pickup with a
 * balance unless staff confirm it, and records that they did). The survey goes out a day later.
 */
export function PickupButton({
  estimateId,
  label = 'Car picked up',
  size = 'md',
  className,
}: {
  estimateId: string;
  /** Names the car where several buttons share a list ("Car picked up: #1A2B3C4D"). */
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="secondary"
        className={className}
        onClick={() => setOpen(true)}
        aria-label={label}
      >
        <KeyRound aria-hidden="true" />
        Car picked up
      </Button>
      {open && <PickupDialog estimateId={estimateId} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Mounted while open: only then is the balance asked for. */
function PickupDialog({ estimateId, onClose }: { estimateId: string; onClose: () => void }) {
  const summary = usePaymentSummary(estimateId);
  const pickup = useRecordPickup(estimateId);
  const dueCents = summary.data ? (toCents(summary.data.amountDue) ?? 0) : null;
  const description =
    dueCents === null ? (
      summary.isError ? (
        'The balance could not be loaded. The shop will refuse the pickup if a balance is due.'
      ) : (
        'Checking the balance…'
      )
    ) : dueCents > 0 ? (
      <span className="block space-y-2">
        <span className="block font-semibold text-brand-800" data-testid="pickup-balance">
          A balance of {formatMoney(dueCents / 100)} is still due.
        </span>
        <span className="block">
          Confirm only if the car leaves with this balance unpaid: your name and the time are recorded with
          it. The customer gets a short survey tomorrow.
        </span>
      </span>
    ) : (
      'Nothing is due. The customer gets a short survey tomorrow, within texting hours.'
    );
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title="The car went home?"
      description={
        <>
          {description}
          {pickup.isError && (
            <span role="alert" className="mt-2 block font-semibold text-brand-700">
              {errorMessage(pickup.error, 'The pickup could not be recorded. Please try again.')}
            </span>
          )}
        </>
      }
      confirmLabel={
        dueCents && dueCents > 0 ? `Picked up with ${formatMoney(dueCents / 100)} due` : 'Record pickup'
      }
      busyLabel="Recording…"
      busy={pickup.isPending || dueCents === null}
      onConfirm={() =>
        pickup.mutate(
          { confirmBalance: dueCents !== null && dueCents > 0 },
          {
            onSuccess: () => {
              toast({ title: 'Pickup recorded', description: 'The survey goes out tomorrow.' });
              onClose();
            },
          },
        )
      }
    />
  );
}
