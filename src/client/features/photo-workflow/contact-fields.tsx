import type { UseFormRegister } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { useT } from '#client/i18n/use-t.ts';
import type { EstimateFormValues } from './estimate-form.ts';

/**
 * A customer's estimate mail always goes to their account's e-mail (the server ignores any other), so
 * for them the field shows it read-only; only the shop types a customer's contact address.
 */
export function ContactFields({
  register,
  emailIsAccounts = false,
}: {
  register: UseFormRegister<EstimateFormValues>;
  emailIsAccounts?: boolean;
}) {
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('request.contact.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('request.contact.intro')}</p>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="contact-email"
          label={t('request.contact.email')}
          markRequired
          type="email"
          inputMode="email"
          autoComplete="email"
          readOnly={emailIsAccounts}
          hint={emailIsAccounts ? t('request.contact.emailHint') : undefined}
          {...register('email')}
        />
        <TextField
          id="contact-phone"
          label={t('request.contact.phone')}
          hint={t('request.contact.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...register('phone')}
        />
        {emailIsAccounts && (
          <div className="flex items-start gap-3 sm:col-span-2">
            <input
              id="contact-sms-opt-in"
              type="checkbox"
              className="mt-1 size-4 shrink-0 accent-brand-700"
              aria-describedby="contact-sms-opt-in-terms"
              {...register('smsOptIn')}
            />
            <div>
              <label htmlFor="contact-sms-opt-in" className="text-sm font-medium text-slate-900">
                {t('request.contact.smsOptIn')}
              </label>
              <p id="contact-sms-opt-in-terms" className="text-sm text-slate-600">
                {t('request.contact.smsTerms')}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
