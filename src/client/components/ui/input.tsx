import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';
import { inputClasses } from './input-classes.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClasses, className)} {...props} />;
}
