import { type FormEvent, useEffect, useState } from 'react';
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
} from '#client/components/ui/dialog.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { useRecordPayment } from '#client/features/payments/shared.ts';
import { randomId } from '#domain/ids.ts';
import { centsToDecimal, formatMoney, toCents } from '#domain/money.ts';
import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RECORDED_NOTE_MAX,
  RECORDED_REFERENCE_MAX,
  recordPaymentSchema,
} from '#domain/recorded-payments.ts';
import { MoneyField } from './money-field.tsx';

/**
 * Staff record money taken outside the app: the amount starts at the balance due (the usual case, the
 * customer pays the rest at pickup), how it was paid, a check number or other reference, and a note
 * for the shop. The server checks it again: never more than the balance.
 */
export function RecordPaymentDialog({
  open,
  onOpenChange,
  estimateId,
  reference,
  dueCents,
  methods,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  estimateId: string;
  reference: string;
  dueCents: number;
  /** `recordableMethods` of the estimate: no insurer's check where the insurer pays apart. */
  methods: readonly PaymentMethod[];
}) {
  const record = useRecordPayment(estimateId);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [paymentReference, setPaymentReference] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  // One per opening: a resend of this form (a retry after a lost answer) records nothing more.
  const [requestId, setRequestId] = useState(randomId);
  const busy = record.isPending;

  // Each opening starts from the balance due as it is now.
  useEffect(() => {
    if (!open) return;
    setRequestId(randomId());
    setAmount(centsToDecimal(dueCents));
    setMethod('cash');
    setPaymentReference('');
    setNote('');
    setError(null);
  }, [open, dueCents]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { amount, method, reference: paymentReference, note, requestId };
    const parsed = recordPaymentSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the payment.');
      return;
    }
    if (parsed.data.amount > dueCents) {
      setError(`That is more than the balance due: at most ${formatMoney(centsToDecimal(dueCents))}.`);
      return;
    }
    setError(null);
    record.mutate(input, {
      onSuccess: (recorded) => {
        onOpenChange(false);
        toast({
          title: 'Payment recorded',
          description:
            toCents(recorded.amountDue) === 0
              ? `${formatMoney(recorded.amount)} ${PAYMENT_METHOD_LABELS[recorded.method].toLowerCase()}: paid in full.`
              : `${formatMoney(recorded.amount)} ${PAYMENT_METHOD_LABELS[recorded.method].toLowerCase()}; ${formatMoney(recorded.amountDue)} still due.`,
        });
      },
      onError: (failure) =>
        reportMutationError(failure, { fallback: 'The payment was not recorded', withServerMessage: true }),
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate aria-label="Record a payment" className="space-y-4">
          <DialogHeader>
            <DialogTitle>Record a payment on #{reference}</DialogTitle>
            <DialogDescription>
              Money taken outside the app. Balance due: {formatMoney(centsToDecimal(dueCents))}. The customer
              gets a receipt and sees it on their estimate.
            </DialogDescription>
          </DialogHeader>
          <MoneyField
            id="record-payment-amount"
            label="Amount received"
            value={amount}
            max={centsToDecimal(dueCents)}
            onChange={(event) => setAmount(event.target.value)}
            error={error ? { type: 'validate', message: error } : undefined}
          />
          <div className="space-y-1.5">
            <Label htmlFor="record-payment-method">Paid with</Label>
            <NativeSelect
              id="record-payment-method"
              value={method}
              onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            >
              {methods.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="record-payment-reference">Reference (optional)</Label>
            <Input
              id="record-payment-reference"
              value={paymentReference}
              maxLength={RECORDED_REFERENCE_MAX}
              autoComplete="off"
              placeholder="Check number, claim payment number…"
              onChange={(event) => setPaymentReference(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="record-payment-note">Note for the shop (optional)</Label>
            <Textarea
              id="record-payment-note"
              rows={2}
              maxLength={RECORDED_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Recording…' : 'Record payment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
