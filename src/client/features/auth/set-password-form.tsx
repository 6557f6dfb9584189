import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api.ts';
import { type SetPasswordInput, setPasswordSchema } from '#domain/auth.ts';
import { useSetPassword } from './api/password-links.ts';
import { FormField } from './form-field.tsx';

/** The form behind the e-mailed link: the token comes from the link, the password from the customer. */
export function SetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const setPassword = useSetPassword();
  const form = useForm<SetPasswordInput>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { token, password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    setPassword.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Password saved' });
        navigate('/', { replace: true });
      },
      onError: (error) =>
        toast({
          title: 'Could not set password',
          description: errorMessage(error, 'Please ask for a new link and try again.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Set your password">
      {errors.token?.message && (
        <p role="alert" className="text-sm font-medium text-brand-700">
          {errors.token.message}
        </p>
      )}
      <FormField
        id="set-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" size="lg" disabled={setPassword.isPending}>
        {setPassword.isPending ? 'Saving...' : 'Save Password'}
      </Button>
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
