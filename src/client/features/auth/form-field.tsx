import type { ComponentProps } from 'react';
import type { FieldError } from 'react-hook-form';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';

type FormFieldProps = ComponentProps<typeof Input> & { id: string; label: string; error?: FieldError };

/** A labelled input whose validation message is announced and tied to it. */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error?.message && (
        <p id={errorId} role="alert" className="text-sm font-medium text-brand-700">
          {error.message}
        </p>
      )}
    </div>
  );
}
