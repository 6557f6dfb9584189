import { type Control, type UseFormRegister, useWatch } from 'react-hook-form';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { TextField } from '#client/components/ui/text-field.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { INSURANCE_COMPANIES } from '#domain/insurance.ts';
import { type EstimateFormValues, OTHER_INSURANCE } from './estimate-form.ts';

const ESTIMATE_TYPE_OPTIONS = [
  { value: 'cash', label: 'request.repair.cash', hint: 'request.repair.cashHint' },
  { value: 'insurance', label: 'request.repair.insurance', hint: 'request.repair.insuranceHint' },
] as const;

interface RepairDetailsFieldsProps {
  register: UseFormRegister<EstimateFormValues>;
  control: Control<EstimateFormValues>;
}

/** How the repair is paid (cash by default, or an insurer from the list or typed in) and what to fix. */
export function RepairDetailsFields({ register, control }: RepairDetailsFieldsProps) {
  const t = useT();
  const estimateType = useWatch({ control, name: 'estimateType' });
  const insuranceCompany = useWatch({ control, name: 'insuranceCompany' });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('request.repair.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('request.repair.estimateType')}</legend>
          <div className="mt-1.5 grid grid-cols-2 gap-3">
            {ESTIMATE_TYPE_OPTIONS.map((option) => {
              const checked = estimateType === option.value;
              return (
                <label
                  key={option.value}
                  className={cn(
                    'flex min-h-16 cursor-pointer items-start gap-2.5 rounded-xl border-2 p-3 transition-colors',
                    checked
                      ? 'border-brand-600 bg-brand-50'
                      : 'border-slate-200 bg-white hover:border-slate-300',
                  )}
                >
                  <input
                    type="radio"
                    value={option.value}
                    className="mt-0.5 size-5 shrink-0 accent-brand-700"
                    aria-labelledby={`estimate-type-${option.value}`}
                    aria-describedby={`estimate-type-${option.value}-hint`}
                    {...register('estimateType')}
                  />
                  <span className="min-w-0">
                    <span id={`estimate-type-${option.value}`} className="block font-semibold text-slate-900">
                      {t(option.label)}
                    </span>
                    <span id={`estimate-type-${option.value}-hint`} className="block text-xs text-slate-600">
                      {t(option.hint)}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>

        {estimateType === 'insurance' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="insurance-company">{t('request.repair.company')}</Label>
              <NativeSelect id="insurance-company" {...register('insuranceCompany')}>
                <option value="">{t('request.repair.selectCompany')}</option>
                {INSURANCE_COMPANIES.map((company) => (
                  <option key={company} value={company}>
                    {company === OTHER_INSURANCE ? t('request.repair.otherCompany') : company}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {insuranceCompany === OTHER_INSURANCE && (
              <TextField
                id="insurance-company-name"
                label={t('request.repair.companyName')}
                autoCapitalize="words"
                maxLength={100}
                {...register('customInsuranceName')}
              />
            )}
          </div>
        )}

        <div className="space-y-1.5">
          <Label htmlFor="work-description">{t('request.repair.description')}</Label>
          <Textarea
            id="work-description"
            rows={4}
            maxLength={5000}
            placeholder={t('request.repair.descriptionPlaceholder')}
            {...register('workDescription')}
          />
        </div>
      </CardContent>
    </Card>
  );
}
