import { CreditCard } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { usePaymentSummary } from '#client/features/payments/shared.ts';
import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { type Estimate, paymentOffered } from '#domain/estimate.ts';
import { toCents } from '#domain/money.ts';

/** 'Make Payment - $amount' once approved, scheduled or completed with something left to pay (the deductible, else the total). */
export function MakePaymentLink({ estimate, className }: { estimate: Estimate; className?: string }) {
  const t = useT();
  // A finished car may be charged storage, which only the server counts: its balance is the summary's.
  const { data: summary } = usePaymentSummary(estimate.id, estimate.status === 'completed');
  const offered = paymentOffered(estimate);
  const due = offered && summary ? (toCents(summary.amountDue) ? summary.amountDue : null) : offered;
  if (!due) return null;
  // A full page load, not an in-app navigation: the payment page's document carries the
  // Content-Security-Policy that allows Stripe, which no other page's does.
  return (
    <a
      href={`/payment?estimate=${estimate.id}`}
      className={cn(buttonVariants({ variant: 'primary', size: 'lg' }), 'w-full sm:w-auto', className)}
    >
      <CreditCard aria-hidden="true" />
      {t('estimate.payment.make', { amount: formatMoney(due) })}
    </a>
  );
}
