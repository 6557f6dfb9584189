import type { ChangeEvent, ComponentProps } from 'react';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

type TextFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** Shows the required mark; the submit check decides what is enforced. */
  markRequired?: boolean;
  hint?: string;
  /** What is wrong with the value, shown under the field and read with it. */
  error?: string;
};

/** A labelled input with an optional hint and error message tied to it. */
export function TextField({ id, label, markRequired = false, hint, error, ...inputProps }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {markRequired && (
          <span aria-hidden="true" className="ml-0.5 text-brand-700">
            *
          </span>
        )}
      </Label>
      <Input
        id={id}
        aria-required={markRequired || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="text-sm font-medium text-brand-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Uppercases what is typed without making the caret jump to the end. */
export function uppercaseWhileTyping(event: ChangeEvent<HTMLInputElement>): void {
  const field = event.target;
  const upper = field.value.toUpperCase();
  if (upper === field.value) return;
  const { selectionStart, selectionEnd } = field;
  field.value = upper;
  field.setSelectionRange(selectionStart, selectionEnd);
}
