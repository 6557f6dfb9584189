import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { TextField, uppercaseWhileTyping } from '#client/components/ui/text-field.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { normalizeVin } from '#domain/vehicle-identity.ts';
import { VIN_LENGTH, vinProblem } from '#domain/vin.ts';
import { decodeVin } from './api/decode-vin.ts';
import { type EstimateFormValues, VEHICLE_FIELD_CHECKS } from './estimate-form.ts';
import { requestText } from './request-text.ts';
import { VinScanner } from './vin-scanner.tsx';

type Lookup =
  | { state: 'idle' }
  | { state: 'looking'; vin: string }
  | { state: 'found'; vin: string; vehicle: string }
  | { state: 'unknown'; vin: string };

/**
 * The VIN, checked as it is typed (the server's rule, vin.ts: once 17 characters are in, a wrong check
 * digit is said at once) and, once it is a real one, looked up: the year, make and model the shop's
 * copy of NHTSA's data gives fill those fields where they are still empty.
 */
export function VinField({ form, error }: { form: UseFormReturn<EstimateFormValues>; error?: string }) {
  const t = useT();
  const typed = form.watch('vinNumber') ?? '';
  const vin = normalizeVin(typed);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const live = vin.length >= VIN_LENGTH ? vinProblem(vin) : null;
  const registered = form.register('vinNumber', { validate: VEHICLE_FIELD_CHECKS.vinNumber });

  useEffect(() => {
    if (vin.length !== VIN_LENGTH || vinProblem(vin)) {
      setLookup({ state: 'idle' });
      return;
    }
    let current = true;
    setLookup({ state: 'looking', vin });
    decodeVin(vin)
      .then((decoded) => {
        if (!current) return;
        const facts: ['year' | 'make' | 'model', string][] = [
          ['year', decoded.year === null ? '' : String(decoded.year)],
          ['make', decoded.make ?? ''],
          ['model', decoded.model ?? ''],
        ];
        if (facts.every(([, value]) => value === '')) {
          setLookup({ state: 'unknown', vin });
          return;
        }
        const shouldValidate = form.formState.isSubmitted;
        for (const [name, value] of facts) {
          if (value !== '' && form.getValues(name).trim() === '') {
            form.setValue(name, value, { shouldDirty: true, shouldValidate });
          }
        }
        const vehicle = facts
          .map(([, value]) => value)
          .filter(Boolean)
          .join(' ');
        setLookup({ state: 'found', vin, vehicle });
      })
      .catch(() => {
        if (current) setLookup({ state: 'unknown', vin });
      });
    return () => {
      current = false;
    };
  }, [vin, form]);

  const scanned = useCallback(
    (value: string) =>
      form.setValue('vinNumber', value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    [form],
  );

  const status =
    lookup.state === 'looking'
      ? t('request.vehicle.vinDecoding')
      : lookup.state === 'found'
        ? t('request.vehicle.vinFilled', { vehicle: lookup.vehicle })
        : lookup.state === 'unknown'
          ? t('request.vehicle.vinUnknown')
          : '';

  return (
    <div className="space-y-2">
      <TextField
        id="vehicle-vin"
        label={t('request.vehicle.vin')}
        markRequired
        hint={t('request.vehicle.vinHint')}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={VIN_LENGTH}
        className="font-mono tracking-wide"
        error={error ?? (live ? requestText(live) : undefined)}
        {...registered}
        onChange={(event) => {
          uppercaseWhileTyping(event);
          return registered.onChange(event);
        }}
      />
      <p aria-live="polite" className="min-h-5 text-sm text-slate-700" data-testid="vin-lookup">
        {status}
      </p>
      <VinScanner onVin={scanned} />
    </div>
  );
}
