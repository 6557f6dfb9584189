import { Check, Copy, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatMoney, toCents } from '#domain/money.ts';
import { PAYMENT_LINK_TTL_DAYS } from '#domain/payment-links.ts';
import { paymentAvailability } from '#domain/payments.ts';
import { usePaymentSummary } from './api/get-payment-summary.ts';
import { useSendPaymentLink } from './api/send-payment-link.ts';
import { paymentLinkBlockedReason } from './payment-link-reason.ts';

/**
 * The desk's "Send payment link" (staff words, English like the rest of the desk): the customer gets
 * a link by e-mail, and by text when they take texts, to pay the balance without signing in. The link
 * is shown afterwards, to copy into a message of the shop's own. Disabled, with the reason, while
 * nothing can be paid.
 */
export function PaymentLinkCard({ estimateId }: { estimateId: string }) {
  const summary = usePaymentSummary(estimateId);
  const send = useSendPaymentLink(estimateId);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const reasonId = useId();
  const fieldId = useId();

  const availability = summary.data
    ? paymentAvailability(
        summary.data.estimate,
        toCents(summary.data.amountPaid) ?? 0,
        toCents(summary.data.storage?.amount) ?? 0,
      )
    : null;
  const reason =
    availability && !availability.payable && summary.data
      ? paymentLinkBlockedReason(availability.block, summary.data.estimate.status)
      : null;
  // The balance means something once the work is approved (or paid): not on a quote.
  const showsBalance = availability?.payable || (availability && availability.block === 'already_paid');

  function sendLink() {
    send.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        setCopied(false);
      },
      onError: (error) => {
        toast({ title: errorMessage(error, 'Could not send the payment link.'), variant: 'destructive' });
        void summary.refetch();
      },
    });
  }

  async function copy() {
    if (!url) return;
    const done = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    setCopied(Boolean(done));
    if (!done) document.getElementById(fieldId)?.focus();
  }

  return (
    <Card data-testid="payment-link-card">
      <CardHeader>
        <CardTitle>Payment link</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {summary.data && showsBalance && (
          <p className="text-sm text-slate-700">
            Balance due:{' '}
            <span className="font-semibold text-slate-900" data-testid="balance-due">
              {formatMoney(summary.data.amountDue)}
            </span>
          </p>
        )}
        <Button
          onClick={sendLink}
          disabled={!availability?.payable || send.isPending}
          aria-describedby={reason ? reasonId : undefined}
        >
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Send payment link'}
        </Button>
        {summary.isError && <p className="text-sm text-slate-600">Could not load the balance due.</p>}
        {reason && (
          <p id={reasonId} className="text-sm text-slate-600">
            {reason}
          </p>
        )}
        {url && (
          <div role="status" className="space-y-2 rounded-lg border border-green-200 bg-green-50 p-3">
            <p className="text-sm font-semibold text-green-900">Payment link sent</p>
            <p className="text-sm text-green-900">
              E-mailed to the customer, and texted if they take texts. It works for {PAYMENT_LINK_TTL_DAYS}{' '}
              days and stops once the balance is paid.
            </p>
            <label htmlFor={fieldId} className="block text-xs font-medium text-slate-700">
              Payment link
            </label>
            <div className="flex gap-2">
              <input
                id={fieldId}
                readOnly
                value={url}
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-xs text-slate-800"
              />
              <Button variant="secondary" size="sm" onClick={() => void copy()}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
