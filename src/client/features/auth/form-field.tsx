import type { ComponentProps } from 'react';
import { inputClasses } from '#client/components/ui/input-classes.ts';
import { problemText } from '#client/i18n/problem-text.ts';

type FormFieldProps = Omit<ComponentProps<'input'>, 'className'> & {
  id: string;
  label: string;
  error?: string;
};

/**
 * A labelled input whose validation message is announced and tied to it. Plain elements with the
 * app's input and label styles: the sign-in page loads none of the shared form components' code.
 */
export function FormField({ id, label, error, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-brand-700">
          {problemText(error)}
        </p>
      )}
    </div>
  );
}
