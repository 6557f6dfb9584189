import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { currentLanguage, followAccountLanguage, translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function RegisterForm() {
  const t = useT();
  const form = useAuthForm({
    initial: { firstName: '', lastName: '', email: '', password: '' },
    schema: (rules) => rules.registerSchema,
    submit: async (values, rules) => {
      try {
        // The account takes the language the visitor is reading (the server would guess it from the cookie).
        const account = { ...values, language: currentLanguage() };
        const user = await sendJson('POST', '/api/register', account, rules.publicUserSchema);
        await followAccountLanguage(user);
        toast({
          title: translate('auth.register.welcome', {
            name: user.firstName ?? translate('auth.register.friend'),
          }),
          description: translate('auth.register.ready'),
        });
        setCurrentUser(user);
      } catch (error) {
        toast({
          title: translate('auth.register.failed'),
          description: problemText(errorMessage(error, translate('auth.tryAgain'))),
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
      aria-label={t('auth.register.form')}
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
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? t('auth.register.pending') : t('auth.register.submit')}
      </button>
    </form>
  );
}
