import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';

export function BackToAdmin() {
  return (
    <Link href="/admin" className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3' })}>
      <ArrowLeft aria-hidden="true" />
      Back
    </Link>
  );
}
