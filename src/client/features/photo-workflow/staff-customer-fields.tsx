import { UserPlus } from 'lucide-react';
import { useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { CustomerPicker } from '#client/features/customers/shared.ts';
import type { Customer } from '#domain/customers.ts';
import type { EstimateFormValues } from './estimate-form.ts';

const required = (message: string) => (value: string) => value.trim() !== '' || message;

/**
 * Whose estimate the shop is entering (staff only, in the shop's English): an existing customer found
 * by name, e-mail or phone, or a walk-in customer typed in with their name, e-mail, phone and the
 * language their e-mails are written in. A walk-in gets a welcome e-mail to set their password.
 */
export function StaffCustomerFields({
  form,
  customer,
  onPick,
}: {
  form: UseFormReturn<EstimateFormValues>;
  customer: Customer | null;
  onPick: (customer: Customer | null) => void;
}) {
  const errors = form.formState.errors;
  // Checked only while no customer is picked (the rule outlives the fields, so it reads the pick now).
  const picked = useRef(customer);
  picked.current = customer;
  const field = (name: 'firstName' | 'lastName' | 'email', message: string) =>
    form.register(name, { validate: (value) => picked.current !== null || required(message)(value) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <CustomerPicker
          label="Existing customer"
          selected={customer}
          onSelect={onPick}
          onClear={() => onPick(null)}
        />
        {!customer && (
          <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
            <legend className="flex items-center gap-1.5 px-1 text-sm font-semibold text-slate-900">
              <UserPlus className="size-4 text-brand-700" aria-hidden="true" />
              Or a new customer
            </legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="customer-first-name"
                label="First name"
                markRequired
                autoComplete="off"
                autoCapitalize="words"
                maxLength={100}
                error={errors.firstName?.message}
                {...field('firstName', "Enter the customer's first name.")}
              />
              <TextField
                id="customer-last-name"
                label="Last name"
                markRequired
                autoComplete="off"
                autoCapitalize="words"
                maxLength={100}
                error={errors.lastName?.message}
                {...field('lastName', "Enter the customer's last name.")}
              />
              <TextField
                id="customer-email"
                label="E-mail"
                markRequired
                type="email"
                inputMode="email"
                autoComplete="off"
                hint="We e-mail them a welcome with a link to set their password."
                error={errors.email?.message}
                {...field('email', "Enter the customer's e-mail.")}
              />
              <TextField
                id="customer-phone"
                label="Phone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                {...form.register('phone')}
              />
              <div className="space-y-1.5">
                <Label htmlFor="customer-language">Language</Label>
                <NativeSelect
                  id="customer-language"
                  aria-describedby="customer-language-hint"
                  {...form.register('language')}
                >
                  <option value="en">English</option>
                  <option value="es">Español (Spanish)</option>
                </NativeSelect>
                <p id="customer-language-hint" className="text-xs text-slate-500">
                  What we write to them in, and their pages.
                </p>
              </div>
            </div>
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
