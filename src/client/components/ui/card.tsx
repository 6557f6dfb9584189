import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';
import { cardSurface } from './card-surface.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(cardSurface, 'shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold text-slate-900', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}
