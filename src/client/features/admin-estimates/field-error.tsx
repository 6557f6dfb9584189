import type { FieldError } from 'react-hook-form';

/** A field's validation message, announced and referenced by the field's aria-describedby. */
export function FieldErrorText({ id, error }: { id: string; error?: FieldError }) {
  if (!error?.message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-brand-700">
      {error.message}
    </p>
  );
}
