import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';
import { type ButtonStyle, buttonVariants } from './button-variants.ts';

export { buttonVariants };

export type ButtonProps = ComponentProps<'button'> & Omit<ButtonStyle, 'className'> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      className={cn(buttonVariants({ variant, size }), className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
