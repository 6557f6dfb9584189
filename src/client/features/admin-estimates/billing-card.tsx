import { zodResolver } from '@hookform/resolvers/zod';
import { Receipt } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { canSendQuote } from '#domain/admin-estimates.ts';
import { billingError } from '#domain/billing.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { formatMoney } from '#domain/money.ts';
import { useQuoteEstimate } from './api/admin-actions.ts';
import { type BillingFormValues, billingDefaults, billingFormSchema } from './billing-form.ts';
import { BillingHint } from './billing-hint.tsx';
import { MoneyField } from './money-field.tsx';

/** The quote: total, and how it splits between the customer's deductible and the insurer. Sending sets Quoted. */
export function BillingCard({ estimate }: { estimate: EstimateDetail }) {
  const quote = useQuoteEstimate(estimate.id);
  const form = useForm<BillingFormValues>({
    resolver: zodResolver(billingFormSchema),
    defaultValues: billingDefaults(estimate),
  });
  const values = useWatch({ control: form.control }) as BillingFormValues;
  const { errors } = form.formState;
  const open = canSendQuote(estimate.status);
  const itemised = estimate.lines.length > 0;

  const sendQuote = (typed: BillingFormValues) => {
    const refusal = billingError(typed);
    if (refusal) {
      toast({ title: 'Billing Error', description: refusal, variant: 'destructive' });
      return;
    }
    quote.mutate(typed, {
      onSuccess: ({ estimate: quoted }) => {
        form.reset(billingDefaults(quoted));
        toast({
          title: 'Estimate Updated',
          description: `Estimate of ${formatMoney(quoted.estimatedAmount)} sent to the customer.`,
        });
      },
      onError: (failure) =>
        reportMutationError(failure, { fallback: 'Failed to update estimate', withServerMessage: true }),
    });
  };
  // Itemised: the amounts are the lines' (the server refuses any others), so they are shown, not typed.
  const onSubmit = itemised
    ? (event: React.FormEvent) => {
        event.preventDefault();
        sendQuote(billingDefaults(estimate));
      }
    : form.handleSubmit(sendQuote);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-brand-700" aria-hidden="true" />
          Billing &amp; Estimate
        </CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Billing and estimate">
          {itemised ? (
            <ItemisedFigures estimate={estimate} />
          ) : (
            <>
              <MoneyField
                id="quote-total"
                label="Total amount"
                placeholder="0.00"
                error={errors.estimatedAmount}
                {...form.register('estimatedAmount')}
              />
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
                <MoneyField
                  id="quote-deductible"
                  label="Customer deductible"
                  placeholder="Optional"
                  error={errors.customerDeductible}
                  {...form.register('customerDeductible')}
                />
                <MoneyField
                  id="quote-coverage"
                  label="Insurance coverage"
                  placeholder="Optional"
                  error={errors.insuranceCoverage}
                  {...form.register('insuranceCoverage')}
                />
              </div>
              <BillingHint values={values} />
            </>
          )}
          {!open && (
            <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
              A quote can be sent while the estimate is Pending, Quoted or Declined. Once the customer has
              approved it, a change to the work is a supplement the customer consents to.
            </p>
          )}
          <Button type="submit" className="w-full" disabled={!open || quote.isPending}>
            {quote.isPending ? 'Sending...' : 'Send Estimate'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The three figures of an itemised estimate, as its lines make them. */
function ItemisedFigures({ estimate }: { estimate: EstimateDetail }) {
  const row = (term: string, value: string | null) => (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{formatMoney(value)}</dd>
    </div>
  );
  return (
    <div className="space-y-2">
      <dl aria-label="Amounts from the lines" className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm">
        {row('Total amount', estimate.estimatedAmount)}
        {row('Customer pays', estimate.customerDeductible)}
        {row('Insurance pays', estimate.insuranceCoverage)}
      </dl>
      <p className="text-sm text-slate-600">
        These amounts come from the estimate lines: change the lines to change them.
      </p>
    </div>
  );
}
