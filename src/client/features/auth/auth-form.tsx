import type { FormEvent, ReactNode } from 'react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { useHydrated } from '#client/lib/use-hydrated.ts';

/**
 * The frame of every sign-in form: a form the app checks itself (noValidate: the schema's messages
 * are shown and announced, not the browser's), its fields, and the full-width submit button that
 * names what is happening while the form is sent. `after` follows the button (a back button, a hint).
 * On the prerendered sign-in page the button waits for the app: sent by the browser, the form would
 * put the password in the address.
 */
export function AuthForm({
  form,
  submitLabel,
  pendingLabel,
  label,
  labelledBy,
  after,
  children,
}: {
  form: {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
    isPending: boolean;
  };
  submitLabel: string;
  pendingLabel: string;
  /** The form's accessible name: a label, or the id of the heading inside it. */
  label?: string;
  labelledBy?: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="space-y-4"
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {children}
      <button
        type="submit"
        className={`${buttonVariants({ size: 'lg' })} w-full`}
        disabled={form.isPending || !hydrated}
      >
        {form.isPending ? pendingLabel : submitLabel}
      </button>
      {after}
    </form>
  );
}
