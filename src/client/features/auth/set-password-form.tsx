import { Link, useLocation } from 'wouter';
import { buttonVariants } from '#client/components/ui/button-variants.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage, sendJson } from '#client/lib/api.ts';
import { setCurrentUser } from '#client/lib/current-user.ts';
import { FormField } from './form-field.tsx';
import { useAuthForm } from './use-auth-form.ts';

/** The form behind the e-mailed link: the token comes from the link, the password from the customer. */
export function SetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const form = useAuthForm({
    initial: { token, password: '' },
    schema: (rules) => rules.setPasswordSchema,
    submit: async (values, rules) => {
      try {
        // The server signs the browser in as that account.
        const user = await sendJson('POST', '/api/password/set', values, rules.publicUserSchema);
        toast({ title: 'Password saved' });
        setCurrentUser(user);
        navigate('/', { replace: true });
      } catch (error) {
        toast({
          title: 'Could not set password',
          description: errorMessage(error, 'Please ask for a new link and try again.'),
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
      aria-label="Set your password"
    >
      {form.errors.token && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {form.errors.token}
        </p>
      )}
      <FormField
        id="set-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <button type="submit" className={`${buttonVariants({ size: 'lg' })} w-full`} disabled={form.isPending}>
        {form.isPending ? 'Saving...' : 'Save Password'}
      </button>
      <p className="text-center text-sm text-slate-600">
        Link expired?{' '}
        <Link href="/auth" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Ask for a new one
        </Link>{' '}
        with "Forgot password?" under the sign-in form.
      </p>
    </form>
  );
}
