import { CreditCard } from 'lucide-react';
import { Link } from 'wouter';
import { type Estimate, paymentOffered } from '../../../domain/estimate';
import { formatMoney } from '../../../domain/money';
import { buttonVariants } from '../../components/ui/button';
import { cn } from '../../lib/cn';

/** 'Make Payment - $amount' once approved or scheduled with something left to pay (the deductible, else the total). */
export function MakePaymentLink({ estimate, className }: { estimate: Estimate; className?: string }) {
  const due = paymentOffered(estimate);
  if (!due) return null;
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
