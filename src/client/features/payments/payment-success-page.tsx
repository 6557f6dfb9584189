import { useQueryClient } from '@tanstack/react-query';
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
import { formatMoney } from '#client/i18n/format.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import { customerShareTerm } from '#domain/billing.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { type PaymentConfirmation, shortTransactionId } from '#domain/payments.ts';
import { phoneHref } from '#domain/shop.ts';
import { usePaymentConfirmation } from './api/get-payment-confirmation.ts';
import { isNotFound } from './api/get-payment-summary.ts';
import { cardMessageText } from './card-message.ts';
import { paymentDate } from './payment-format.ts';
import { schedulingNextStep } from './payment-next-step.ts';
import { ButtonLink, PaymentStateCard } from './payment-state-card.tsx';

/** /payment-success?estimate={id}&payment_intent={id}: shows what the server confirmed, not what the URL says. */
export function PaymentSuccessPage() {
  const t = useT();
  const [params] = useSearchParams();
  const estimateId = params.get('estimate');
  const paymentIntentId = params.get('payment_intent');
  if (!paymentIntentId) {
    return (
      <PaymentStateCard
        icon={AlertTriangle}
        tone="error"
        title={t('payment.error.title')}
        message={t('payment.success.unknownPayment')}
      >
        {estimateId && <ButtonLink href={`/estimate/${estimateId}`}>{t('payment.viewEstimate')}</ButtonLink>}
        <ButtonLink href="/" variant="secondary">
          {t('payment.goHome')}
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
  const t = useT();
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
        <Spinner label={t('payment.success.confirmingLabel')} />
        <p className="text-slate-600">{t('payment.success.confirming')}</p>
      </main>
    );
  }
  if (confirmation.isError) {
    return isNotFound(confirmation.error) ? (
      <PaymentStateCard
        icon={FileQuestion}
        title={t('payment.success.notFound.title')}
        message={t('payment.success.notFound.message')}
      >
        <ButtonLink href="/dashboard">{t('payment.viewDashboard')}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {t('payment.goHome')}
        </ButtonLink>
      </PaymentStateCard>
    ) : (
      <PaymentStateCard
        icon={AlertTriangle}
        tone="error"
        title={t('payment.error.title')}
        message={t('payment.success.loadFailed')}
      >
        <Button size="lg" className="w-full sm:w-auto" onClick={() => void confirmation.refetch()}>
          {t('payment.tryAgain')}
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
        title={t('payment.success.processing.title')}
        message={t('payment.success.processing.message')}
      >
        <ButtonLink href={estimatePath}>{t('payment.viewEstimate')}</ButtonLink>
      </PaymentStateCard>
    );
  }
  if (payment.status !== 'succeeded') {
    return (
      <PaymentStateCard
        icon={XCircle}
        tone="error"
        title={t('payment.success.notCompleted.title')}
        message={
          payment.failureMessage
            ? cardMessageText(payment.failureMessage, t)
            : t('payment.success.notCompleted.message')
        }
      >
        <ButtonLink href={`/payment?estimate=${payment.estimate.id}`} reloadDocument>
          {t('payment.tryAgain')}
        </ButtonLink>
        <ButtonLink href={estimatePath} variant="secondary">
          {t('payment.viewEstimate')}
        </ButtonLink>
      </PaymentStateCard>
    );
  }
  return <PaymentReceipt payment={payment} />;
}

function PaymentReceipt({ payment }: { payment: PaymentConfirmation }) {
  const t = useT();
  const { estimate } = payment;
  const paidOn = payment.paidAt ? new Date(payment.paidAt) : new Date();
  return (
    <main id="main" className="mx-auto max-w-2xl space-y-5 px-4 py-8 sm:py-12">
      <div className="text-center">
        <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 className="size-9" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">
          {t('payment.receipt.title')}
        </h1>
        <p className="mt-2 text-slate-600">{t('payment.receipt.thanks')}</p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('payment.receipt.details')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="divide-y divide-slate-100 text-sm">
            <DetailRow label={t('payment.receipt.estimateNumber')}>
              <span className="font-mono font-semibold tracking-wider">
                #{estimateReference(estimate.id)}
              </span>
            </DetailRow>
            <DetailRow label={t('payment.receipt.vehicle')}>
              {vehicleTitle(estimate.vehicle) ?? t('payment.receipt.vehicleUnknown')}
            </DetailRow>
            <DetailRow label={t('payment.receipt.totalEstimate')}>
              {formatMoney(estimate.estimatedAmount)}
            </DetailRow>
            {estimate.customerDeductible !== null && (
              <DetailRow
                label={
                  customerShareTerm(estimate) === 'deductible'
                    ? t('payment.receipt.yourDeductible')
                    : t('payment.receipt.yourShare')
                }
              >
                {formatMoney(estimate.customerDeductible)}
              </DetailRow>
            )}
            {estimate.insuranceCoverage !== null && customerShareTerm(estimate) === 'deductible' && (
              <DetailRow label={t('payment.receipt.insuranceCoverage')}>
                {formatMoney(estimate.insuranceCoverage)}
              </DetailRow>
            )}
            <DetailRow label={t('payment.receipt.amountPaid')}>
              <span className="text-lg font-extrabold text-green-700" data-testid="amount-paid">
                {formatMoney(payment.amountPaid)}
              </span>
            </DetailRow>
            {payment.cardLast4 && (
              <DetailRow label={t('payment.receipt.card')}>{`•••• ${payment.cardLast4}`}</DetailRow>
            )}
            <DetailRow label={t('payment.receipt.transactionId')}>
              <span className="font-mono break-all">{shortTransactionId(payment.transactionId)}</span>
            </DetailRow>
            <DetailRow label={t('payment.receipt.date')}>
              <time dateTime={paidOn.toISOString()}>{paymentDate(paidOn)}</time>
            </DetailRow>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('payment.next.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-3 text-sm text-slate-700">
            <NextStep icon={Mail}>{t('payment.next.email')}</NextStep>
            <NextStep icon={CalendarCheck}>{t(schedulingNextStep(estimate.status))}</NextStep>
            <NextStep icon={LayoutDashboard}>{t('payment.next.dashboard')}</NextStep>
            <NextStep icon={Phone}>
              <Trans
                id="payment.next.call"
                values={{ phone: shop.phone }}
                components={{
                  0: (
                    <a href={phoneHref(shop.phone)} className="font-semibold text-brand-700 underline">
                      {shop.phone}
                    </a>
                  ),
                }}
              />
            </NextStep>
          </ul>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
        <ButtonLink href="/">{t('payment.goHome')}</ButtonLink>
        <ButtonLink href={`/estimate/${estimate.id}`} variant="secondary">
          {t('payment.viewEstimate')}
        </ButtonLink>
        <ButtonLink href="/dashboard" variant="secondary">
          {t('payment.viewDashboard')}
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
