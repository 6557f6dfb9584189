import { type FormEvent, useEffect, useState } from 'react';
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
import { CONSENT_NAME_MAX_LENGTH, CONSENT_NOTE_MAX_LENGTH } from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';
import {
  APPROVAL_CONSENT_LABELS,
  APPROVAL_CONSENT_METHODS,
  type ApprovalConsent,
  type ApprovalConsentMethod,
} from '#domain/status-transitions.ts';

const NAME_NEEDED = 'Enter the name of the customer who approved.';

/**
 * Staff record the customer's approval only with the customer's consent (docs/decisions/059): how it
 * was given, who gave it, and an optional note. The dialog names the amount approved, which is sent
 * with it, so an estimate changed meanwhile is refused instead of approved at a total nobody saw.
 */
export function RecordApprovalDialog({
  open,
  onOpenChange,
  reference,
  amount,
  busy,
  onRecord,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reference: string;
  /** The quoted total the customer approved. */
  amount: string;
  busy: boolean;
  onRecord: (consent: ApprovalConsent) => void;
}) {
  const [method, setMethod] = useState<ApprovalConsentMethod>('in_person');
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from a blank record: a consent is never carried over to another approval.
  useEffect(() => {
    if (!open) return;
    setMethod('in_person');
    setName('');
    setNote('');
    setError(null);
  }, [open]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(NAME_NEEDED);
      return;
    }
    setError(null);
    onRecord({ method, name: name.trim(), ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Record the customer’s approval"
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle>Record the customer’s approval of #{reference}</DialogTitle>
            <DialogDescription>
              The customer approved the quoted {formatMoney(amount)}. Say how they gave their consent and who
              gave it; it is kept with the approval and printed on the invoice.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor="approval-consent-method">Consent given</Label>
            <NativeSelect
              id="approval-consent-method"
              value={method}
              onChange={(event) => setMethod(event.target.value as ApprovalConsentMethod)}
            >
              {APPROVAL_CONSENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {APPROVAL_CONSENT_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="approval-consent-name">Name of the customer who approved</Label>
            <Input
              id="approval-consent-name"
              value={name}
              maxLength={CONSENT_NAME_MAX_LENGTH}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'approval-consent-name-error' : undefined}
              onChange={(event) => setName(event.target.value)}
            />
            {error && (
              <p id="approval-consent-name-error" role="alert" className="text-sm font-medium text-brand-700">
                {error}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="approval-consent-note">Consent note (optional)</Label>
            <Textarea
              id="approval-consent-note"
              rows={2}
              maxLength={CONSENT_NOTE_MAX_LENGTH}
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
              {busy ? 'Approving…' : `Record approval of ${formatMoney(amount)}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
