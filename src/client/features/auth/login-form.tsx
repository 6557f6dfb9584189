import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function LoginForm() {
  const form = useAuthForm({
    initial: { email: '', password: '' },
    schema: (rules) => rules.loginSchema,
    submit: async (values, rules) => {
      try {
        const user = await sendJson('POST', '/api/login', values, rules.publicUserSchema);
        toast({ title: 'Welcome back!' });
        setCurrentUser(user);
      } catch (error) {
        toast({
          title: 'Login failed',
          description: errorMessage(error, 'Please check your email and password.'),
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
      aria-label="Sign in"
    >
      <FormField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.field('email')}
      />
      <FormField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
