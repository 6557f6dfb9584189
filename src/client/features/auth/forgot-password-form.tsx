import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api.ts';
import { type PasswordLinkRequestInput, passwordLinkRequestSchema } from '#domain/auth.ts';
import { useRequestPasswordLink } from './api/password-links.ts';
import { FormField } from './form-field.tsx';

/**
 * "Forgot password?": also how customers the shop signed up choose their first password. The
 * e-mailed link brings them back to /auth?token=….
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const request = useRequestPasswordLink();
  const form = useForm<PasswordLinkRequestInput>({
    resolver: zodResolver(passwordLinkRequestSchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  // The "Forgot password?" button that opened this form is gone: keyboard users continue in the field.
  useEffect(() => form.setFocus('email'), [form]);

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: ({ message }) => toast({ title: 'Check your e-mail', description: message }),
      onError: (error) =>
        toast({
          title: 'Could not send the link',
          description: errorMessage(error, 'Please try again in a moment.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="forgot-password-title">
      <div>
        <h2 id="forgot-password-title" className="text-lg font-bold text-slate-900">
          Forgot your password?
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter your e-mail and we will send you a link to set a new password. New here because the shop
          created your account? This is how you choose your first password.
        </p>
      </div>
      <FormField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        {...form.register('email')}
      />
      {request.isSuccess && (
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          {request.data.message}
        </p>
      )}
      <Button type="submit" className="w-full" size="lg" disabled={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send Link'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </form>
  );
}
