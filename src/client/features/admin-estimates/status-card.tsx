import { zodResolver } from '@hookform/resolvers/zod';
import { ListChecks } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { type ChangeStatus, type ChangeStatusInput, changeStatusSchema } from '#domain/admin-estimates.ts';
import type { Estimate } from '#domain/estimate.ts';
import { estimateReference } from '#domain/estimate.ts';
import { normalizeStatus, STATUS_LABELS, statusLabel } from '#domain/estimate-status.ts';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';
import { type ApprovalConsent, staffStatusChoices } from '#domain/status-transitions.ts';
import { useChangeStatus } from './api/admin-actions.ts';
import { FieldErrorText } from './field-error.tsx';
import { RecordApprovalDialog } from './record-approval-dialog.tsx';

/**
 * The statuses the transitions table allows from here (src/domain/status-transitions.ts), with a note
 * for the customer ('Status changed to: …' when left empty). Approving asks for the customer's
 * consent in a dialog first.
 */
export function StatusCard({ estimate }: { estimate: Estimate }) {
  const changeStatus = useChangeStatus(estimate.id);
  const form = useForm<ChangeStatusInput, unknown, ChangeStatus>({
    resolver: zodResolver(changeStatusSchema),
    defaultValues: { status: normalizeStatus(estimate.status) ?? '', note: '' },
  });
  const { errors } = form.formState;
  const chosen = form.watch('status');
  const current = normalizeStatus(estimate.status) ?? '';
  // A 409 the shop must act on (e.g. a supplement waiting for the customer's consent), said in full here.
  const [refusal, setRefusal] = useState<string | null>(null);
  // The change waiting for the customer's consent to be recorded (an approval).
  const [awaitingConsent, setAwaitingConsent] = useState<ChangeStatus | null>(null);
  const choices = current ? staffStatusChoices(current) : [];

  // Another action (quote, schedule, reschedule) or the customer moved the status: show where it is now.
  useEffect(() => {
    form.resetField('status', { defaultValue: current });
  }, [current, form]);

  const send = (change: ChangeStatusInput) => {
    setRefusal(null);
    changeStatus.mutate(change, {
      onSuccess: ({ estimate: updated }) => {
        setAwaitingConsent(null);
        form.reset({ status: updated.status, note: '' });
        toast({
          title: 'Estimate Updated',
          description: `Status changed to ${statusLabel(updated.status)}.`,
        });
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 409) setRefusal(failure.serverMessage);
        reportMutationError(failure, { fallback: 'Failed to update estimate', withServerMessage: true });
      },
    });
  };

  const onSubmit = form.handleSubmit((change) => {
    const needsConsent = choices.some((choice) => choice.status === change.status && choice.needsConsent);
    if (needsConsent && estimate.estimatedAmount !== null) setAwaitingConsent(change);
    else send(change);
  });

  const recordApproval = (consent: ApprovalConsent) => {
    if (!awaitingConsent || estimate.estimatedAmount === null) return;
    // The approval names the total shown here: changed meanwhile, the server refuses it.
    send({
      status: awaitingConsent.status,
      note: awaitingConsent.note,
      consent,
      expectedAmount: estimate.estimatedAmount,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListChecks className="size-5 text-brand-700" aria-hidden="true" />
          Update Status
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Update status">
          <div className="space-y-1.5">
            <Label htmlFor="status-select">Status</Label>
            <NativeSelect
              id="status-select"
              aria-invalid={errors.status ? true : undefined}
              aria-describedby={errors.status ? 'status-select-error' : undefined}
              {...form.register('status')}
            >
              {current && <option value={current}>{STATUS_LABELS[current]}</option>}
              {choices.map(({ status, needsConsent }) => (
                <option key={status} value={status}>
                  {needsConsent
                    ? `${STATUS_LABELS[status]} (record the customer’s consent)`
                    : STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
            <FieldErrorText id="status-select-error" error={errors.status} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="status-note">Note to the customer (optional)</Label>
            <Textarea
              id="status-note"
              rows={2}
              maxLength={MESSAGE_MAX_LENGTH}
              placeholder={`Status changed to: ${statusLabel(chosen || estimate.status)}`}
              aria-describedby="status-note-hint"
              {...form.register('note')}
            />
            <p id="status-note-hint" className="text-xs text-slate-500">
              Left empty, the customer reads “Status changed to: {statusLabel(chosen || estimate.status)}”.
            </p>
          </div>
          {refusal && (
            <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
              {refusal}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={changeStatus.isPending}>
            {changeStatus.isPending ? 'Updating...' : 'Update Status'}
          </Button>
        </form>
        {estimate.estimatedAmount !== null && (
          <RecordApprovalDialog
            open={awaitingConsent !== null}
            onOpenChange={(open) => !open && setAwaitingConsent(null)}
            reference={estimateReference(estimate.id)}
            amount={estimate.estimatedAmount}
            busy={changeStatus.isPending}
            onRecord={recordApproval}
          />
        )}
      </CardContent>
    </Card>
  );
}
