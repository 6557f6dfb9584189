import { toast } from '#client/components/ui/use-toast.ts';
import { currentLanguage, followAccountLanguage, translate } from '#client/i18n/i18n.ts';
import { useT } from '#client/i18n/use-t.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { register } from './api/register.ts';
import { AuthForm } from './auth-form.tsx';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function RegisterForm() {
  const t = useT();
  const form = useAuthForm({
    initial: { firstName: '', lastName: '', email: '', password: '' },
    schema: (rules) => rules.registerSchema,
    submit: async (values) => {
      // The account takes the language the visitor is reading (the server would guess it from the cookie).
      const user = await register({ ...values, language: currentLanguage() });
      await followAccountLanguage(user);
      toast({
        title: translate('auth.register.welcome', {
          name: user.firstName ?? translate('auth.register.friend'),
        }),
        description: translate('auth.register.ready'),
      });
      setCurrentUser(user);
    },
    failed: { title: 'auth.register.failed', hint: 'auth.tryAgain' },
  });

  return (
    <AuthForm
      form={form}
      label={t('auth.register.form')}
      submitLabel={t('auth.register.submit')}
      pendingLabel={t('auth.register.pending')}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="register-first-name"
          label={t('auth.field.firstName')}
          autoComplete="given-name"
          {...form.field('firstName')}
        />
        <FormField
          id="register-last-name"
          label={t('auth.field.lastName')}
          autoComplete="family-name"
          {...form.field('lastName')}
        />
      </div>
      <FormField
        id="register-email"
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.field('email')}
      />
      <FormField
        id="register-password"
        label={t('auth.field.password')}
        hint={t('auth.field.newPasswordHint')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
    </AuthForm>
  );
}
