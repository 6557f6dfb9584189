import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

type MoneyFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  hint?: string;
  error?: FieldError;
};

/** A dollar amount with cents: a number input (step 0.01) with a $ in front, its hint and its error tied to it. */
export function MoneyField({ id, label, hint, error, ...inputProps }: MoneyFieldProps) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-500"
        >
          $
        </span>
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          className="pl-7"
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          {...inputProps}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-brand-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
