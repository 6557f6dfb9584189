import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import {
  AlertTriangle,
  CalendarCheck,
  CheckCircle2,
  Clock,
  FileQuestion,
  LayoutDashboard,
  Mail,
  Phone,
  XCircle,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { DetailRow } from '#client/components/ui/detail-row.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { estimatesKey } from '#client/features/estimates/shared.ts';
import { shop } from '#client/lib/shop.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { formatMoney } from '#domain/money.ts';
import { type PaymentConfirmation, shortTransactionId } from '#domain/payments.ts';
import { phoneHref } from '#domain/shop.ts';
import { usePaymentConfirmation } from './api/get-payment-confirmation.ts';
import { isNotFound } from './api/get-payment-summary.ts';
import { schedulingNextStep } from './payment-next-step.ts';
import { ButtonLink, PaymentStateCard } from './payment-state-card.tsx';

/** /payment-success?estimate={id}&payment_intent={id}: shows what the server confirmed, not what the URL says. */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const estimateId = params.get('estimate');
  const paymentIntentId = params.get('payment_intent');
  if (!paymentIntentId) {
    return (
      <PaymentStateCard
        icon={AlertTriangle}
        tone="error"
        title="Payment Error"
        message="We couldn't tell which payment this page is for."
      >
        {estimateId && <ButtonLink href={`/estimate/${estimateId}`}>View Estimate</ButtonLink>}
        <ButtonLink href="/" variant="secondary">
          Go Home
        </ButtonLink>
      </PaymentStateCard>
    );
  }
  return <ConfirmedPayment paymentIntentId={paymentIntentId} estimateId={estimateId} />;
}

function ConfirmedPayment({
  paymentIntentId,
  estimateId,
}: {
  paymentIntentId: string;
  estimateId: string | null;
}) {
  const confirmation = usePaymentConfirmation(paymentIntentId, estimateId);
  const queryClient = useQueryClient();
  const status = confirmation.data?.status;

  // Paid: every list and detail that shows this estimate must now show it paid.
  useEffect(() => {
    if (status === 'succeeded') void queryClient.invalidateQueries({ queryKey: estimatesKey });
  }, [status, queryClient]);

  if (confirmation.isPending) {
    return (
      <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4">
        <Spinner label="Confirming your payment" />
        <p className="text-slate-600">Confirming your payment...</p>
      </main>
    );
  }
  if (confirmation.isError) {
    return isNotFound(confirmation.error) ? (
      <PaymentStateCard
        icon={FileQuestion}
        title="Payment Not Found"
        message="We couldn't find this payment."
      >
        <ButtonLink href="/dashboard">View Dashboard</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          Go Home
        </ButtonLink>
      </PaymentStateCard>
    ) : (
      <PaymentStateCard
        icon={AlertTriangle}
        tone="error"
        title="Payment Error"
        message="We couldn't confirm your payment just now. Please try again."
      >
        <Button size="lg" className="w-full sm:w-auto" onClick={() => void confirmation.refetch()}>
          Try Again
        </Button>
      </PaymentStateCard>
    );
  }

  const payment = confirmation.data;
  const estimatePath = `/estimate/${payment.estimate.id}`;
  if (payment.status === 'processing') {
    return (
      <PaymentStateCard
        icon={Clock}
        tone="warning"
        title="Payment Processing"
        message="Your payment is being processed..."
      >
        <ButtonLink href={estimatePath}>View Estimate</ButtonLink>
      </PaymentStateCard>
    );
  }
  if (payment.status !== 'succeeded') {
    return (
      <PaymentStateCard
        icon={XCircle}
        tone="error"
        title="Payment Not Completed"
        message={payment.failureMessage ?? 'Your payment was not completed, and you have not been charged.'}
      >
        <ButtonLink href={`/payment?estimate=${payment.estimate.id}`} reloadDocument>
          Try Again
        </ButtonLink>
        <ButtonLink href={estimatePath} variant="secondary">
          View Estimate
        </ButtonLink>
      </PaymentStateCard>
    );
  }
  return <PaymentReceipt payment={payment} />;
}

function PaymentReceipt({ payment }: { payment: PaymentConfirmation }) {
  const { estimate } = payment;
  const paidOn = payment.paidAt ? new Date(payment.paidAt) : new Date();
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 px-4 py-8 sm:py-12">
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 className="size-9" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          Payment Successful!
        </h1>
        <p className="mt-2 text-slate-600">Thank you. We've received your payment.</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Payment Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100 text-sm">
            <DetailRow label="Estimate Number">
              <span className="font-mono font-semibold tracking-wider">
                #{estimateReference(estimate.id)}
              </span>
            </DetailRow>
            <DetailRow label="Vehicle">
              {vehicleTitle(estimate.vehicle) ?? 'Vehicle details not available'}
            </DetailRow>
            <DetailRow label="Total Estimate">{formatMoney(estimate.estimatedAmount)}</DetailRow>
            {estimate.customerDeductible !== null && (
              <DetailRow label="Your Deductible">{formatMoney(estimate.customerDeductible)}</DetailRow>
            )}
            {estimate.insuranceCoverage !== null && (
              <DetailRow label="Insurance Coverage">{formatMoney(estimate.insuranceCoverage)}</DetailRow>
            )}
            <DetailRow label="Amount Paid">
              <span className="text-lg font-extrabold text-green-700" data-testid="amount-paid">
                {formatMoney(payment.amountPaid)}
              </span>
            </DetailRow>
            {payment.cardLast4 && <DetailRow label="Card">{`•••• ${payment.cardLast4}`}</DetailRow>}
            <DetailRow label="Transaction ID">
              <span className="font-mono break-all">{shortTransactionId(payment.transactionId)}</span>
            </DetailRow>
            <DetailRow label="Date">
              <time dateTime={paidOn.toISOString()}>{format(paidOn, 'MMMM d, yyyy')}</time>
            </DetailRow>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>What's Next?</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-3 text-sm text-slate-700">
            <NextStep icon={Mail}>You'll receive an e-mail confirmation of your payment.</NextStep>
            <NextStep icon={CalendarCheck}>{schedulingNextStep(estimate.status)}</NextStep>
            <NextStep icon={LayoutDashboard}>Track your repair's progress in your dashboard.</NextStep>
            <NextStep icon={Phone}>
              Questions? Call us at{' '}
              <a href={phoneHref(shop.phone)} className="font-semibold text-brand-700 underline">
                {shop.phone}
              </a>
              .
            </NextStep>
          </ul>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <ButtonLink href="/">Go Home</ButtonLink>
        <ButtonLink href={`/estimate/${estimate.id}`} variant="secondary">
          View Estimate
        </ButtonLink>
        <ButtonLink href="/dashboard" variant="secondary">
          View Dashboard
        </ButtonLink>
      </div>
    </main>
  );
}

function NextStep({ icon: Icon, children }: { icon: typeof Mail; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="pt-1.5">{children}</span>
    </li>
  );
}
