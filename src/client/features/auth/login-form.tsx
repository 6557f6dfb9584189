import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { followAccountLanguage, translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function LoginForm() {
  const t = useT();
  const form = useAuthForm({
    initial: { email: '', password: '' },
    schema: (rules) => rules.loginSchema,
    submit: async (values, rules) => {
      try {
        const user = await sendJson('POST', '/api/login', values, rules.publicUserSchema);
        await followAccountLanguage(user);
        toast({ title: translate('auth.login.welcome') });
        setCurrentUser(user);
      } catch (error) {
        toast({
          title: translate('auth.login.failed'),
          description: problemText(errorMessage(error, translate('auth.login.failedHint'))),
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
      aria-label={t('auth.login.form')}
    >
      <FormField
        id="login-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.field('email')}
      />
      <FormField
        id="login-password"
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? t('auth.login.pending') : t('auth.login.submit')}
      </button>
    </form>
  );
}
