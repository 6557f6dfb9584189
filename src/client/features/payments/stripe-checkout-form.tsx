import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { formatMoney } from '#domain/money.ts';
import { paymentSuccessUrl, usePaymentOutcome } from './payment-outcome.ts';

/** The spec's payment theme: primary colour red (the brand red of the app). */
const APPEARANCE = {
  theme: 'stripe' as const,
  variables: { colorPrimary: '#dc2626', colorDanger: '#b91c1c', borderRadius: '8px' },
};

// Stripe.js is fetched once per key, and only when this module is loaded: on the payment page in Stripe mode.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  estimateId: string;
  amount: string;
}

/** Stripe's Payment Element: card details go from the browser straight to Stripe, never to our server. */
export default function StripeCheckoutForm({ publishableKey, clientSecret, ...props }: StripeCheckoutProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: APPEARANCE }}>
      <CheckoutForm {...props} />
    </Elements>
  );
}

function CheckoutForm({ estimateId, amount }: { estimateId: string; amount: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const outcome = usePaymentOutcome(estimateId);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!stripe || !elements) {
      toast({ title: 'Payment System Loading', description: 'Please wait for the payment system to load.' });
      return;
    }
    setPending(true);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paymentSuccessUrl(estimateId)}` },
        // Cards finish here without leaving the page; bank redirects come back to return_url.
        redirect: 'if_required',
      });
      if (error) {
        outcome.failed(error.message ?? 'Your payment could not be completed.');
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
    <form onSubmit={submit} className="space-y-5" aria-label="Card payment">
      <PaymentElement options={{ layout: 'tabs' }} />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        <Lock aria-hidden="true" />
        {pending ? 'Processing...' : `Pay ${formatMoney(amount)}`}
      </Button>
    </form>
  );
}
