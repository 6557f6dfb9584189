import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { formatMoney } from '#client/i18n/format.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { PaymentOutcome } from './payment-outcome.ts';

/** The spec's payment theme: primary colour red (the brand red of the app). */
const APPEARANCE = {
  theme: 'stripe' as const,
  variables: { colorPrimary: '#dc2626', colorDanger: '#b91c1c', borderRadius: '8px' },
};

// Stripe.js is fetched once per key and language, and only when this module is loaded: on the payment
// page in Stripe mode. Stripe's own fields and their errors are then in the page's language.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string, locale: 'en' | 'es'): Promise<Stripe | null> {
  const key = `${locale}:${publishableKey}`;
  let stripe = stripeByKey.get(key);
  if (!stripe) {
    stripe = loadStripe(publishableKey, { locale });
    stripeByKey.set(key, stripe);
  }
  return stripe;
}

interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  /** Where Stripe sends the browser back after a bank redirect (the page then confirms the payment). */
  returnUrl: string;
  outcome: PaymentOutcome;
  amount: string;
}

/** Stripe's Payment Element: card details go from the browser straight to Stripe, never to our server. */
export default function StripeCheckoutForm({ publishableKey, clientSecret, ...props }: StripeCheckoutProps) {
  useT(); // re-render on a language change
  const locale = currentLanguage();
  // Elements takes its locale once: a new language mounts a new form.
  return (
    <Elements
      key={locale}
      stripe={stripeFor(publishableKey, locale)}
      options={{ clientSecret, appearance: APPEARANCE, locale }}
    >
      <CheckoutForm {...props} />
    </Elements>
  );
}

function CheckoutForm({
  returnUrl,
  outcome,
  amount,
}: {
  returnUrl: string;
  outcome: PaymentOutcome;
  amount: string;
}) {
  const t = useT();
  const stripe = useStripe();
  const elements = useElements();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!stripe || !elements) {
      toast({
        title: t('payment.toast.stripeLoading.title'),
        description: t('payment.toast.stripeLoading.description'),
      });
      return;
    }
    setPending(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${returnUrl}` },
        // Cards finish here without leaving the page; bank redirects come back to return_url.
        redirect: 'if_required',
      });
      if (error) {
        // Stripe words its errors in the locale it was loaded with.
        outcome.failed(error.message ?? t('payment.form.notCompleted'));
      } else if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') {
        outcome.confirmed(paymentIntent.id, paymentIntent.status);
        return;
      } else {
        outcome.unexpected();
      }
    } catch {
      outcome.unexpected();
    }
    setPending(false);
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label={t('payment.form.cardPayment')}>
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <Lock aria-hidden="true" />
        {pending ? t('payment.form.processing') : t('payment.form.pay', { amount: formatMoney(amount) })}
      </Button>
    </form>
  );
}
