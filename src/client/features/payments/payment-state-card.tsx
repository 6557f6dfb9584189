import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';

const TONES = {
  neutral: 'bg-slate-100 text-slate-600',
  warning: 'bg-amber-100 text-amber-700',
  error: 'bg-brand-100 text-brand-700',
  success: 'bg-green-100 text-green-700',
} as const;

/** One screen-state of the payment pages: an icon, a heading, a sentence, and what to do next. */
export function PaymentStateCard({
  icon: Icon,
  tone = 'neutral',
  title,
  message,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: string;
  message: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-6 text-center sm:p-8">
          <span className={cn('flex size-14 items-center justify-center rounded-full', TONES[tone])}>
            <Icon className="size-7" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
          <div className="text-slate-600">{message}</div>
          {children && (
            <div className="mt-3 flex w-full flex-col gap-2 sm:flex-row sm:justify-center">{children}</div>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

/**
 * A link styled as a button, full width on phones. `reloadDocument` opens the page with a full page
 * load (the payment page: only its document's Content-Security-Policy allows Stripe).
 */
export function ButtonLink({
  href,
  variant = 'primary',
  reloadDocument = false,
  children,
}: {
  href: string;
  variant?: 'primary' | 'secondary';
  reloadDocument?: boolean;
  children: ReactNode;
}) {
  const className = cn(buttonVariants({ variant, size: 'lg' }), 'w-full sm:w-auto');
  if (reloadDocument) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
