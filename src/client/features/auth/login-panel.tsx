import { useState } from 'react';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { useT } from '#client/i18n/use-t.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';

/** The Login tab: the sign-in form, or the "Forgot password?" form in its place. */
export function LoginPanel() {
  const [forgot, setForgot] = useState(false);
  const t = useT();
  if (forgot) return <ForgotPasswordForm onBack={() => setForgot(false)} />;
  return (
    <div>
      <LoginForm />
      <div className="mt-3 text-center">
        <button
          type="button"
          className={buttonVariants({ variant: 'link', size: 'sm' })}
          onClick={() => setForgot(true)}
        >
          {t('auth.login.forgot')}
        </button>
      </div>
    </div>
  );
}
