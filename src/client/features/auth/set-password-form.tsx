import { Link, useLocation } from 'wouter';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { followAccountLanguage, translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

/** The form behind the e-mailed link: the token comes from the link, the password from the customer. */
export function SetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const t = useT();
  const form = useAuthForm({
    initial: { token, password: '' },
    schema: (rules) => rules.setPasswordSchema,
    submit: async (values, rules) => {
      try {
        // The server signs the browser in as that account.
        const user = await sendJson('POST', '/api/password/set', values, rules.publicUserSchema);
        await followAccountLanguage(user);
        toast({ title: translate('auth.setPassword.saved') });
        setCurrentUser(user);
        navigate('/', { replace: true });
      } catch (error) {
        toast({
          title: translate('auth.setPassword.failed'),
          description: problemText(errorMessage(error, translate('auth.setPassword.failedHint'))),
          variant: 'destructive',
        });
      }
    },
  });

  return (
    <form
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      noValidate
      className="space-y-4"
      aria-label={t('auth.setPassword.form')}
    >
      {form.errors.token && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {problemText(form.errors.token)}
        </p>
      )}
      <FormField
        id="set-password"
        label={t('auth.field.newPassword')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? t('auth.setPassword.pending') : t('auth.setPassword.submit')}
      </button>
      <p className="text-center text-sm text-slate-600">
        {t('auth.setPassword.expired')}{' '}
        <Link href="/auth" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t('auth.setPassword.askNew')}
        </Link>{' '}
        {t('auth.setPassword.useForgot')}
      </p>
    </form>
  );
}
