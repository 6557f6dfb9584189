import { toast } from '#client/components/ui/use-toast.ts';
import { followAccountLanguage, translate } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { logIn } from './api/log-in.ts';
import { AuthForm } from './auth-form.tsx';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function LoginForm() {
  const t = useT();
  const form = useAuthForm({
    initial: { email: '', password: '' },
    schema: (rules) => rules.loginSchema,
    submit: async (values) => {
      const user = await logIn(values);
      await followAccountLanguage(user);
      toast({ title: translate('auth.login.welcome') });
      setCurrentUser(user);
    },
    failed: { title: 'auth.login.failed', hint: 'auth.login.failedHint' },
  });

  return (
    <AuthForm
      form={form}
      label={t('auth.login.form')}
      submitLabel={t('auth.login.submit')}
      pendingLabel={t('auth.login.pending')}
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
    </AuthForm>
  );
}
