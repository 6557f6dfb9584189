import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api.ts';
import { registerSchema } from '#domain/auth.ts';
import { useRegister } from './api/register.ts';
import { FormField } from './form-field.tsx';

type RegisterFields = z.input<typeof registerSchema>;

export function RegisterForm() {
  const register = useRegister();
  const form = useForm<RegisterFields, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: (user) =>
        toast({ title: `Welcome, ${user.firstName ?? 'friend'}!`, description: 'Your account is ready.' }),
      onError: (error) =>
        toast({
          title: 'Registration failed',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create account">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="register-first-name"
          label="First name"
          autoComplete="given-name"
          error={errors.firstName}
          {...form.register('firstName')}
        />
        <FormField
          id="register-last-name"
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName}
          {...form.register('lastName')}
        />
      </div>
      <FormField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email}
        {...form.register('email')}
      />
      <FormField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" size="lg" disabled={register.isPending}>
        {register.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
