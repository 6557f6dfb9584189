import type { ComponentProps } from 'react';
import { inputClasses } from '#client/components/ui/input-classes.ts';
import { problemText } from '#client/i18n/problem-text.ts';

type FormFieldProps = Omit<ComponentProps<'input'>, 'className'> & {
  id: string;
  label: string;
  /** What the value must be, under the field and read with it. */
  hint?: string;
  error?: string;
};

/**
 * A labelled input whose validation message is announced and tied to it. Plain elements with the
 * app's input and label styles: the sign-in page loads none of the shared form components' code.
 */
export function FormField({ id, label, hint, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-brand-700">
          {problemText(error)}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
