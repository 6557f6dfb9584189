import type { ChangeEvent, ComponentProps } from 'react';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

type TextFieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  /** Shows the required mark; the submit check decides what is enforced. */
  markRequired?: boolean;
  hint?: string;
};

/** A labelled input with an optional hint tied to it. */
export function TextField({ id, label, markRequired = false, hint, ...inputProps }: TextFieldProps) {
  const hintId = `${id}-hint`;
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
        aria-describedby={hint ? hintId : undefined}
        {...inputProps}
      />
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
