import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

/**
 * "Forgot password?": also how customers the shop signed up choose their first password. The
 * e-mailed link brings them back to /auth?token=….
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  // The answer is the same whether or not the address has an account.
  const [sent, setSent] = useState<string | null>(null);
  const t = useT();
  const form = useAuthForm({
    initial: { email: '' },
    schema: (rules) => rules.passwordLinkRequestSchema,
    submit: async (values, rules) => {
      try {
        const { message } = await sendJson(
          'POST',
          '/api/password/link',
          values,
          rules.passwordLinkReplySchema,
        );
        setSent(message);
        toast({ title: translate('auth.forgot.checkEmail'), description: problemText(message) });
      } catch (error) {
        toast({
          title: translate('auth.forgot.failed'),
          description: problemText(errorMessage(error, translate('auth.forgot.failedHint'))),
          variant: 'destructive',
        });
      }
    },
  });
  // The "Forgot password?" button that opened this form is gone: keyboard users continue in the field.
  const email = useRef<HTMLInputElement | null>(null);
  useEffect(() => email.current?.focus(), []);
  const emailField = form.field('email');

  return (
    <form
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="space-y-4"
      aria-labelledby="forgot-password-title"
    >
      <div>
        <h2 id="forgot-password-title" className="text-lg font-bold text-slate-900">
          {t('auth.forgot.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('auth.forgot.text')}</p>
      </div>
      <FormField
        id="forgot-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...emailField}
        ref={(input) => {
          email.current = input;
          emailField.ref(input);
        }}
      />
      {sent && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          {problemText(sent)}
        </p>
      )}
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? t('auth.forgot.pending') : t('auth.forgot.submit')}
      </button>
      <button type="button" className={`${buttonVariants({ variant: 'link' })} w-full`} onClick={onBack}>
        {t('auth.forgot.back')}
      </button>
    </form>
  );
}
