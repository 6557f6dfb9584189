import type { UseFormRegister } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import type { EstimateFormValues } from './estimate-form.ts';

export function ContactFields({ register }: { register: UseFormRegister<EstimateFormValues> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Information</CardTitle>
        <p className="text-sm text-slate-600">
          We'll use these to send your estimate and arrange the repair.
        </p>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="contact-email"
          label="Email"
          markRequired
          type="email"
          inputMode="email"
          autoComplete="email"
          {...register('email')}
        />
        <TextField
          id="contact-phone"
          label="Phone"
          markRequired
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...register('phone')}
        />
      </CardContent>
    </Card>
  );
}
