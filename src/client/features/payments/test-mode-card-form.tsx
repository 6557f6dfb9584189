import { FlaskConical, Lock } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { formatMoney } from '#client/i18n/format.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { Trans } from '#client/i18n/trans.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { ApiError, errorMessage } from '#client/lib/api.ts';
import {
  type CardField,
  checkCard,
  formatCardNumber,
  formatExpiry,
  type TestCardInput,
} from '#domain/test-cards.ts';
import { useConfirmTestCard } from './api/confirm-test-card.ts';
import { cardMessageText } from './card-message.ts';
import type { PaymentOutcome } from './payment-outcome.ts';

/**
 * The card form of the built-in test mode (no Stripe keys configured). It is labelled as such on
 * screen, moves no money, and accepts only the well-known test cards.
 */
export function TestModeCardForm({
  outcome,
  confirmUrl,
  clientSecret,
  amount,
  onStale,
}: {
  /** Where the payment goes once the card is taken (or refused). */
  outcome: PaymentOutcome;
  /** The test card endpoint: the signed-in one unless a payment link's. */
  confirmUrl?: string;
  clientSecret: string;
  amount: string;
  /** The intent can no longer be paid (amount changed, paid elsewhere): set up the payment again. */
  onStale: () => void;
}) {
  const t = useT();
  const id = useId();
  const [values, setValues] = useState<TestCardInput>({ cardNumber: '', expiry: '', cvc: '' });
  const [fieldError, setFieldError] = useState<{ field: CardField; message: string } | null>(null);
  // The refusal as the server worded it (null: it gave no reason), translated when shown.
  const [declined, setDeclined] = useState<{ message: string | null } | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const confirm = useConfirmTestCard(confirmUrl);

  const refusalText = (message: string | null) =>
    message ? cardMessageText(message, t) : t('payment.form.notCompleted');

  const change = (field: CardField, format: (value: string) => string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: format(value) }));
    if (fieldError?.field === field) setFieldError(null);
    setDeclined(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    const check = checkCard(values);
    if (!check.ok) {
      setFieldError({ field: check.field, message: check.message });
      inputs.current[check.field]?.focus();
      return;
    }
    confirm.mutate(
      { clientSecret, ...values },
      {
        onSuccess: (reply) => {
          if (reply.status === 'succeeded' || reply.status === 'processing') {
            outcome.confirmed(reply.paymentIntentId, reply.status);
            return;
          }
          setDeclined({ message: reply.message });
          outcome.failed(refusalText(reply.message));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            setDeclined({ message: error.serverMessage });
            outcome.failed(refusalText(error.serverMessage));
          } else if (error instanceof ApiError && error.status === 409) {
            outcome.failed(problemText(errorMessage(error, t('payment.form.pleaseTryAgain'))));
            onStale();
          } else {
            outcome.unexpected();
          }
        },
      },
    );
  }

  const field = (name: CardField) => {
    const invalid = fieldError?.field === name;
    return {
      id: `${id}-${name}`,
      value: values[name],
      ref: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${id}-${name}-error` : undefined,
    };
  };
  const errorFor = (name: CardField) =>
    fieldError?.field === name && (
      <p id={`${id}-${name}-error`} role="alert" className="text-sm font-medium text-brand-700">
        {cardMessageText(fieldError.message, t)}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('payment.form.testCardPayment')}>
      <div
        role="note"
        className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
      >
        <p className="flex items-center gap-2 font-extrabold tracking-widest">
          <FlaskConical className="size-4" aria-hidden="true" />
          {t('payment.form.testMode')}
        </p>
        <p className="mt-1">
          <Trans
            id="payment.form.testModeHelp"
            components={{
              0: <span className="font-mono font-semibold whitespace-nowrap" />,
              1: <span className="font-mono whitespace-nowrap" />,
            }}
          />
        </p>
      </div>

      <div className="space-y-1.5">
        <Label htmlFor={`${id}-cardNumber`}>{t('payment.form.cardNumber')}</Label>
        <Input
          {...field('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          onChange={(event) => change('cardNumber', formatCardNumber)(event.target.value)}
        />
        {errorFor('cardNumber')}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-expiry`}>{t('payment.form.expiry')}</Label>
          <Input
            {...field('expiry')}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('payment.form.expiryPlaceholder')}
            onChange={(event) => change('expiry', formatExpiry)(event.target.value)}
          />
          {errorFor('expiry')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-cvc`}>{t('payment.form.cvc')}</Label>
          <Input
            {...field('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            onChange={(event) =>
              change('cvc', (value) => value.replace(/\D/g, '').slice(0, 4))(event.target.value)
            }
          />
          {errorFor('cvc')}
        </div>
      </div>

      {declined && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
          {refusalText(declined.message)}
        </p>
      )}

      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        <Lock aria-hidden="true" />
        {confirm.isPending
          ? t('payment.form.processing')
          : t('payment.form.pay', { amount: formatMoney(amount) })}
      </Button>
    </form>
  );
}
