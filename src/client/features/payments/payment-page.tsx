import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Ban, CheckCircle2, FileQuestion, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { formatMoney } from '#client/i18n/format.ts';
import { translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import { estimateReference } from '#domain/estimate.ts';
import { toCents } from '#domain/money.ts';
import { type PaymentConfig, type PaymentSummary, paymentAvailability } from '#domain/payments.ts';
import { useCreatePaymentIntent } from './api/create-payment-intent.ts';
import { usePaymentConfig } from './api/get-payment-config.ts';
import { isNotFound, paymentSummaryKey, usePaymentSummary } from './api/get-payment-summary.ts';
import { loadedAsPaymentPage, useReloadDocument } from './payment-document.ts';
import { paymentSuccessUrl, usePaymentOutcome } from './payment-outcome.ts';
import { ButtonLink, PaymentStateCard } from './payment-state-card.tsx';
import { PaymentSummaryCard } from './payment-summary-card.tsx';
import { TestModeCardForm } from './test-mode-card-form.tsx';

// Stripe's scripts are fetched only when Stripe is the configured provider.
const StripeCheckoutForm = lazy(() => import('./stripe-checkout-form.tsx'));

/** /payment?estimate={id}: every state of the spec's payment screen. */
export function PaymentPage() {
  const t = useT();
  const [params] = useSearchParams();
  const estimateId = params.get('estimate');
  if (!estimateId) {
    return (
      <PaymentStateCard
        icon={AlertTriangle}
        tone="error"
        title={t('payment.error.title')}
        message={t('payment.error.noEstimate')}
      >
        <ButtonLink href="/">{t('payment.goHome')}</ButtonLink>
      </PaymentStateCard>
    );
  }
  return <PaymentForEstimate key={estimateId} estimateId={estimateId} />;
}

function SettingUp() {
  const t = useT();
  return (
    <main
      id="main"
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4"
    >
      <Spinner label={t('payment.settingUp.label')} />
      <h1 className="text-xl font-bold text-slate-900">{t('payment.settingUp.title')}</h1>
      <p className="text-center text-slate-600">{t('payment.settingUp.message')}</p>
    </main>
  );
}

function SystemError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const t = useT();
  return (
    <PaymentStateCard
      icon={AlertTriangle}
      tone="error"
      title={t('payment.systemError.title')}
      message={t('payment.systemError.message')}
    >
      <Button size="lg" className="w-full sm:w-auto" onClick={onRetry} disabled={retrying}>
        {retrying ? t('payment.systemError.retrying') : t('payment.systemError.retry')}
      </Button>
      <ButtonLink href="/" variant="secondary">
        {t('payment.goHome')}
      </ButtonLink>
    </PaymentStateCard>
  );
}

function PaymentForEstimate({ estimateId }: { estimateId: string }) {
  const t = useT();
  const summary = usePaymentSummary(estimateId);
  const config = usePaymentConfig();

  if (summary.isPending || config.isPending) return <SettingUp />;
  if (summary.isError && isNotFound(summary.error)) {
    return (
      <PaymentStateCard
        icon={FileQuestion}
        title={t('payment.notFound.title')}
        message={t('payment.notFound.message')}
      >
        <ButtonLink href="/dashboard">{t('payment.viewDashboard')}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {t('payment.goHome')}
        </ButtonLink>
      </PaymentStateCard>
    );
  }
  if (summary.isError || config.isError) {
    return (
      <SystemError
        retrying={summary.isFetching || config.isFetching}
        onRetry={() => {
          if (summary.isError) void summary.refetch();
          if (config.isError) void config.refetch();
        }}
      />
    );
  }

  const availability = paymentAvailability(
    summary.data.estimate,
    toCents(summary.data.amountPaid) ?? 0,
    toCents(summary.data.storage?.amount) ?? 0,
  );
  if (!availability.payable) {
    const { block } = availability;
    const paid = block === 'already_paid';
    return (
      <PaymentStateCard
        icon={paid ? CheckCircle2 : block === 'no_amount' ? FileQuestion : Ban}
        tone={paid ? 'success' : 'warning'}
        title={t(`payment.block.${block}.title`)}
        message={
          paid ? (
            <>
              {t(`payment.block.${block}.message`)}
              <span className="mt-1 block font-semibold text-slate-900">
                {t('payment.block.amountPaid', { amount: formatMoney(summary.data.amountPaid) })}
              </span>
            </>
          ) : (
            t(`payment.block.${block}.message`)
          )
        }
      >
        <ButtonLink href={`/estimate/${estimateId}`}>{t('payment.viewEstimate')}</ButtonLink>
        <ButtonLink href="/" variant="secondary">
          {t('payment.goHome')}
        </ButtonLink>
      </PaymentStateCard>
    );
  }
  if (config.data.mode === 'stripe' && !loadedAsPaymentPage()) return <ReloadAsPaymentPage />;
  return <Checkout estimateId={estimateId} summary={summary.data} config={config.data} />;
}

/** Reached by an in-app navigation: Stripe would be refused by this document's policy. */
function ReloadAsPaymentPage() {
  useReloadDocument();
  return <SettingUp />;
}

function Checkout({
  estimateId,
  summary,
  config,
}: {
  estimateId: string;
  summary: PaymentSummary;
  config: PaymentConfig;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const createIntent = useCreatePaymentIntent();
  const outcome = usePaymentOutcome(estimateId);
  const [setupFailed, setSetupFailed] = useState(false);
  const { mutate } = createIntent;

  const setUp = useCallback(
    () =>
      mutate(estimateId, {
        onSuccess: () => setSetupFailed(false),
        onError: (error) => {
          setSetupFailed(true);
          toast({
            title: translate('payment.setupFailed.title'),
            description: problemText(errorMessage(error, translate('payment.systemError.message'))),
            variant: 'destructive',
          });
          // Refused for a reason the page can show (paid meanwhile, status changed): show it.
          if (error instanceof ApiError && error.status < 500) {
            void queryClient.invalidateQueries({ queryKey: paymentSummaryKey(estimateId) });
          }
        },
      }),
    [mutate, estimateId, queryClient],
  );

  // A payment intent is requested once, as soon as there is something to pay.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    setUp();
  }, [setUp]);

  const intent = createIntent.data;
  if (!intent || setupFailed) {
    if (setupFailed) return <SystemError onRetry={setUp} retrying={createIntent.isPending} />;
    return <SettingUp />;
  }

  const onStale = () => {
    void queryClient.invalidateQueries({ queryKey: paymentSummaryKey(estimateId) });
    setUp();
  };

  return (
    <main id="main" className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:py-10">
      <Link
        href={`/estimate/${estimateId}`}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-slate-700 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('payment.checkout.back')}
      </Link>
      <div>
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{t('payment.checkout.title')}</h1>
        <p className="text-slate-600">
          {t('payment.checkout.estimateNumber', { reference: estimateReference(estimateId) })}
        </p>
      </div>
      <div className="grid gap-5 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <PaymentSummaryCard summary={summary} amountDue={intent.amount} />
        </div>
        <Card className="lg:col-span-3">
          <CardHeader>
            <CardTitle>{t('payment.checkout.details')}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-5">
            {config.mode === 'stripe' && config.publishableKey ? (
              <Suspense fallback={<Spinner className="py-10" label={t('payment.checkout.loadingForm')} />}>
                <StripeCheckoutForm
                  publishableKey={config.publishableKey}
                  clientSecret={intent.clientSecret}
                  returnUrl={paymentSuccessUrl(estimateId)}
                  outcome={outcome}
                  amount={intent.amount}
                />
              </Suspense>
            ) : (
              <TestModeCardForm
                key={intent.clientSecret}
                outcome={outcome}
                clientSecret={intent.clientSecret}
                amount={intent.amount}
                onStale={onStale}
              />
            )}
            <p className="flex items-start gap-2 text-sm text-slate-600">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
              {config.mode === 'stripe'
                ? t('payment.checkout.secureStripe')
                : t('payment.checkout.secureTestMode')}
            </p>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
