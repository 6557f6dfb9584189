import { Link, useLocation } from 'wouter';
import { toast } from '#client/components/ui/use-toast.ts';
import { followAccountLanguage, translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { setCurrentUser, useAuth } from '#client/lib/current-user.ts';
import { navigateFully } from '#client/lib/redirect.ts';
import { landingAfterSignIn } from '#domain/return-path.ts';
import { setPassword } from './api/set-password.ts';
import { AuthForm } from './auth-form.tsx';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

/**
 * The form behind the e-mailed link: the token comes from the link, the password from the customer.
 * A welcome e-mail's link carries `next` (the customer's estimate): they land there once it is set.
 */
export function SetPasswordForm({ token, next = null }: { token: string; next?: string | null }) {
  const [, navigate] = useLocation();
  const { user: signedIn } = useAuth();
  const t = useT();
  const form = useAuthForm({
    initial: { token, password: '' },
    schema: (rules) => rules.setPasswordSchema,
    submit: async (values) => {
      // The server signs the browser in as that account.
      const user = await setPassword(values);
      const landing = landingAfterSignIn(next, user.isAdmin);
      // Another account was signed in on this device (a family tablet): a fresh page load, so
      // nothing that account's screens fetched stays on show for this one.
      if (signedIn && signedIn.id !== user.id) return navigateFully(landing);
      await followAccountLanguage(user);
      toast({ title: translate('auth.setPassword.saved') });
      setCurrentUser(user);
      navigate(landing, { replace: true });
    },
    failed: { title: 'auth.setPassword.failed', hint: 'auth.setPassword.failedHint' },
  });

  return (
    <AuthForm
      form={form}
      label={t('auth.setPassword.form')}
      submitLabel={t('auth.setPassword.submit')}
      pendingLabel={t('auth.setPassword.pending')}
      after={
        <p className="text-center text-sm text-slate-600">
          {t('auth.setPassword.expired')}{' '}
          <Link href="/auth" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {t('auth.setPassword.askNew')}
          </Link>{' '}
          {t('auth.setPassword.useForgot')}
        </p>
      }
    >
      {form.errors.token && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {problemText(form.errors.token)}
        </p>
      )}
      <FormField
        id="set-password"
        label={t('auth.field.newPassword')}
        hint={t('auth.field.newPasswordHint')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
    </AuthForm>
  );
}
