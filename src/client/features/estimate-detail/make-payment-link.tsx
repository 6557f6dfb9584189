import { CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { amountDueDecimal, type Estimate } from '../../../domain/estimate';
import { isPayableStatus } from '../../../domain/estimate-status';
import { formatMoney, toCents } from '../../../domain/money';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** 'Make Payment - $amount' once approved or scheduled with something to pay (the deductible, else the total). */
export function MakePaymentLink({ estimate, className }: { estimate: Estimate; className?: string }) {
  const due = amountDueDecimal(estimate);
  if (!isPayableStatus(estimate.status) || (toCents(due) ?? 0) <= 0) return null;
  return (
    <Link
      href={`/payment?estimate=${estimate.id}`}
      className={cn(buttonVariants({ variant: 'primary', size: 'lg' }), 'w-full sm:w-auto', className)}
    >
      <CreditCard aria-hidden="true" />
      Make Payment - {formatMoney(due)}
    </Link>
  );
}
