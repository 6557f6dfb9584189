import { CreditCard } from 'lucide-react';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { type Estimate, paymentOffered } from '#domain/estimate.ts';

/** 'Make Payment - $amount' once approved, scheduled or completed with something left to pay (the deductible, else the total). */
export function MakePaymentLink({ estimate, className }: { estimate: Estimate; className?: string }) {
  const t = useT();
  const due = paymentOffered(estimate);
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
