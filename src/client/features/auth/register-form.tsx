import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

export function RegisterForm() {
  const form = useAuthForm({
    initial: { firstName: '', lastName: '', email: '', password: '' },
    schema: (rules) => rules.registerSchema,
    submit: async (values, rules) => {
      try {
        const user = await sendJson('POST', '/api/register', values, rules.publicUserSchema);
        toast({ title: `Welcome, ${user.firstName ?? 'friend'}!`, description: 'Your account is ready.' });
        setCurrentUser(user);
      } catch (error) {
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'Please try again.'),
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
      aria-label="Create account"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="register-first-name"
          label="First name"
          autoComplete="given-name"
          {...form.field('firstName')}
        />
        <FormField
          id="register-last-name"
          label="Last name"
          autoComplete="family-name"
          {...form.field('lastName')}
        />
      </div>
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        {...form.field('email')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? 'Creating account...' : 'Create Account'}
      </button>
    </form>
  );
}
