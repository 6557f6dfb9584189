import { useEffect, useRef, useState } from 'react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { requestPasswordLink } from './api/request-password-link.ts';
import { AuthForm } from './auth-form.tsx';
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
    submit: async (values) => {
      const { message } = await requestPasswordLink(values);
      setSent(message);
      toast({ title: translate('auth.forgot.checkEmail'), description: problemText(message) });
    },
    failed: { title: 'auth.forgot.failed', hint: 'auth.forgot.failedHint' },
  });
  // The "Forgot password?" button that opened this form is gone: keyboard users continue in the field.
  const email = useRef<HTMLInputElement | null>(null);
  useEffect(() => email.current?.focus(), []);
  const emailField = form.field('email');

  return (
    <AuthForm
      form={form}
      labelledBy="forgot-password-title"
      submitLabel={t('auth.forgot.submit')}
      pendingLabel={t('auth.forgot.pending')}
      after={
        <button type="button" className={`${buttonVariants({ variant: 'link' })} w-full`} onClick={onBack}>
          {t('auth.forgot.back')}
        </button>
      }
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
    </AuthForm>
  );
}
