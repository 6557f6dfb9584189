import { AlertTriangle, Ban, Car, CheckCircle2, Clock, LinkIcon, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { StateCard } from '#client/components/ui/state-card.tsx';
import { formatMoney } from '#client/i18n/format.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { shop } from '#client/lib/shop.ts';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { intlLocale } from '#domain/language.ts';
import {
  type PaymentLinkPage as LinkPage,
  PAYMENT_LINK_TTL_DAYS,
  paymentLinkPath,
} from '#domain/payment-links.ts';
import type { PaymentConfig } from '#domain/payments.ts';
import { usePaymentConfig } from './api/get-payment-config.ts';
import {
  testCardUrl,
  useCreatePaymentLinkIntent,
  usePaymentLink,
  usePaymentLinkConfirmation,
} from './api/payment-link.ts';
import { loadedAsPaymentPage, useReloadDocument } from './payment-document.ts';
import { linkPaymentOutcome } from './payment-outcome.ts';
import { TestModeCardForm } from './test-mode-card-form.tsx';

// Stripe's scripts are fetched only when Stripe is the configured provider.
const StripeCheckoutForm = lazy(() => import('./stripe-checkout-form.tsx'));

/**
 * /pay/<token>: the page a payment link opens, signed out. The shop, the vehicle and the amount due,
 * and the card form of the signed-in payment page; nothing else about the customer or the estimate.
 * Stripe sends the browser back here with `?payment_intent=…` after a bank redirect.
 */
export function PaymentLinkPage() {
  const { token = '' } = useParams<{ token: string }>();
  const [params] = useSearchParams();
  const [paidIntent, setPaidIntent] = useState<string | null>(params.get('payment_intent'));
  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-lg space-y-4 px-4 py-6 sm:py-10">
        {paidIntent ? (
          <PaymentResult token={token} paymentIntentId={paidIntent} onRetry={() => setPaidIntent(null)} />
        ) : (
          <Bill token={token} onPaid={setPaidIntent} />
        )}
      </div>
    </PublicLayout>
  );
}

function CallUs({ id }: { id: 'payment.link.callUs' | 'payment.link.closed.message' }) {
  return (
    <p>
      <Trans
        id={id}
        values={{ phone: shop.phone }}
        components={{
          0: (
            <a
              href={`tel:${shop.phone}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              {shop.phone}
            </a>
          ),
        }}
      />
    </p>
  );
}

function Loading({ label }: { label: string }) {
  return <Spinner className="min-h-[40vh]" label={label} />;
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <StateCard icon={AlertTriangle} tone="warning" title={t('payment.link.loadFailed.title')}>
      <p>{t('payment.link.loadFailed.message')}</p>
      <Button className="mt-3" onClick={onRetry}>
        {t('payment.tryAgain')}
      </Button>
    </StateCard>
  );
}

function Bill({ token, onPaid }: { token: string; onPaid: (paymentIntentId: string) => void }) {
  const t = useT();
  const link = usePaymentLink(token);
  const config = usePaymentConfig();
  if (link.isPending || config.isPending) return <Loading label={t('payment.link.loading')} />;
  if (link.isError || config.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          if (link.isError) void link.refetch();
          if (config.isError) void config.refetch();
        }}
      />
    );
  }
  const state = link.data;
  if (state.kind === 'notValid') {
    return (
      <StateCard icon={LinkIcon} title={t('payment.link.notValid.title')}>
        <p>{t('payment.link.notValid.message', { days: PAYMENT_LINK_TTL_DAYS })}</p>
        <CallUs id="payment.link.callUs" />
      </StateCard>
    );
  }
  if (state.kind === 'paid') {
    return (
      <StateCard icon={CheckCircle2} tone="success" title={t('payment.link.paid.title')}>
        <p>{t('payment.link.paid.message')}</p>
      </StateCard>
    );
  }
  if (state.kind === 'closed') {
    return (
      <StateCard icon={Ban} tone="warning" title={t('payment.link.closed.title')}>
        <CallUs id="payment.link.closed.message" />
      </StateCard>
    );
  }
  if (config.data.mode === 'stripe' && !loadedAsPaymentPage()) return <ReloadAsPaymentPage />;
  return (
    <>
      <BillSummary page={state.page} />
      <Checkout token={token} config={config.data} onPaid={onPaid} />
    </>
  );
}

/** Reached by an in-app navigation: Stripe would be refused by this document's policy. */
function ReloadAsPaymentPage() {
  const t = useT();
  useReloadDocument();
  return <Loading label={t('payment.link.loading')} />;
}

/** "December 5, 2026" / "5 de diciembre de 2026", as the shop's clock reads it. */
function shopDay(value: string): string {
  return new Intl.DateTimeFormat(intlLocale(currentLanguage()), {
    dateStyle: 'long',
    timeZone: SHOP_TIME_ZONE,
  }).format(new Date(value));
}

function BillSummary({ page }: { page: LinkPage }) {
  const t = useT();
  return (
    <Card>
      <CardContent className="space-y-4 p-5 sm:p-6">
        <div>
          <p className="text-sm font-semibold text-slate-600">{page.shop.name}</p>
          <h1 className="text-2xl font-extrabold text-slate-900">{t('payment.link.title')}</h1>
        </div>
        <p className="flex items-center gap-2 text-slate-800">
          <Car className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            <span className="sr-only">{t('payment.link.vehicle')}: </span>
            {vehicleTitle(page.vehicle) ?? t('payment.link.vehicleUnknown')}
          </span>
        </p>
        <div className="flex items-baseline justify-between gap-4 rounded-lg bg-brand-50 px-4 py-3">
          <span className="font-semibold text-slate-900">{t('payment.link.amountDue')}</span>
          <span className="text-2xl font-extrabold text-brand-700" data-testid="payment-link-amount">
            {formatMoney(page.amountDue)}
          </span>
        </div>
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {t('payment.link.expires', { date: shopDay(page.expiresAt) })}
        </p>
      </CardContent>
    </Card>
  );
}

function Checkout({
  token,
  config,
  onPaid,
}: {
  token: string;
  config: PaymentConfig;
  onPaid: (paymentIntentId: string) => void;
}) {
  const t = useT();
  const createIntent = useCreatePaymentLinkIntent(token);
  const { mutate } = createIntent;
  const outcome = useMemo(() => linkPaymentOutcome(onPaid), [onPaid]);
  // The intent is asked for once, as soon as the bill shows something to pay.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    mutate();
  }, [mutate]);

  const intent = createIntent.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payment.checkout.details')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {createIntent.isError ? (
          <div className="space-y-3 text-slate-700">
            <p>{t('payment.systemError.message')}</p>
            <Button onClick={() => mutate()} disabled={createIntent.isPending}>
              {t('payment.systemError.retry')}
            </Button>
          </div>
        ) : !intent ? (
          <Spinner className="py-10" label={t('payment.checkout.loadingForm')} />
        ) : config.mode === 'stripe' && config.publishableKey ? (
          <Suspense fallback={<Spinner className="py-10" label={t('payment.checkout.loadingForm')} />}>
            <StripeCheckoutForm
              publishableKey={config.publishableKey}
              clientSecret={intent.clientSecret}
              returnUrl={paymentLinkPath(token)}
              outcome={outcome}
              amount={intent.amount}
            />
          </Suspense>
        ) : (
          <TestModeCardForm
            key={intent.clientSecret}
            outcome={outcome}
            confirmUrl={testCardUrl(token)}
            clientSecret={intent.clientSecret}
            amount={intent.amount}
            onStale={() => mutate()}
          />
        )}
        <p className="flex items-start gap-2 text-sm text-slate-600">
          <ShieldCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
          {config.mode === 'stripe' ? t('payment.checkout.secureStripe') : t('payment.link.secureTestMode')}
        </p>
      </CardContent>
    </Card>
  );
}

/** After the card: the server's word on the payment, in place of the bill. */
function PaymentResult({
  token,
  paymentIntentId,
  onRetry,
}: {
  token: string;
  paymentIntentId: string;
  onRetry: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const confirmation = usePaymentLinkConfirmation(token, paymentIntentId);
  // The result takes the bill's place: read from the top, not from where the Pay button was.
  useEffect(() => window.scrollTo({ top: 0 }), []);
  // Back from a bank's page: the address loses its query, so a reload shows the bill (or "paid").
  useEffect(() => {
    if (window.location.search) navigate(paymentLinkPath(token), { replace: true });
  }, [navigate, token]);

  if (confirmation.isPending) return <Loading label={t('payment.success.confirmingLabel')} />;
  if (confirmation.isError) return <LoadFailed onRetry={() => void confirmation.refetch()} />;
  const { status, amountPaid } = confirmation.data;
  if (status === 'succeeded') {
    return (
      <StateCard icon={CheckCircle2} tone="success" title={t('payment.link.thanks.title')}>
        <p>{t('payment.link.thanks.message', { amount: formatMoney(amountPaid) })}</p>
      </StateCard>
    );
  }
  if (status === 'processing') {
    return (
      <StateCard icon={Clock} title={t('payment.link.processing.title')}>
        <p>{t('payment.link.processing.message')}</p>
      </StateCard>
    );
  }
  return (
    <StateCard icon={AlertTriangle} tone="warning" title={t('payment.link.failed.title')}>
      <p>{confirmation.data.failureMessage ?? t('payment.form.notCompleted')}</p>
      <Button className="mt-3" onClick={onRetry}>
        {t('payment.tryAgain')}
      </Button>
    </StateCard>
  );
}
