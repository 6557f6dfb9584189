import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';

const TONES = {
  neutral: 'bg-slate-100 text-slate-600',
  warning: 'bg-amber-100 text-amber-800',
  success: 'bg-green-100 text-green-700',
} as const;

/** A page's one state in a centred card (a link not valid, a bill paid, a thank-you): icon, heading, words. */
export function StateCard({
  icon: Icon,
  tone = 'neutral',
  title,
  children,
}: {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-6 text-center sm:p-8">
        <span className={cn('flex size-14 items-center justify-center rounded-full', TONES[tone])}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{title}</h1>
        <div className="space-y-3 text-slate-700">{children}</div>
      </CardContent>
    </Card>
  );
}
