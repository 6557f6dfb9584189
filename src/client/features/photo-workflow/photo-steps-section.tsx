import { Camera, CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { PHOTO_STEPS } from '#domain/photos.ts';
import { PhotoStepTile, photoInputId } from './photo-step-tile.tsx';
import { stepById } from './photo-steps-state.ts';
import { stepLabelId } from './request-text.ts';
import type { usePhotoSteps } from './use-photo-steps.ts';

type PhotoSteps = ReturnType<typeof usePhotoSteps>;

/** The four photo steps, with one big button that always takes the photo for the highlighted step. */
export function PhotoStepsSection({ steps, disabled }: { steps: PhotoSteps; disabled: boolean }) {
  const t = useT();
  const { state } = steps;
  const taken = PHOTO_STEPS.filter((step) => state.photos[step.id]).length;
  const current = state.current ? stepById(state.current) : null;

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle>{t('request.photos.title')}</CardTitle>
          <span className="text-sm font-medium whitespace-nowrap text-slate-500">
            {t('request.photos.count', { taken, total: PHOTO_STEPS.length })}
          </span>
        </div>
        <p className="text-sm text-slate-600">{t('request.photos.intro')}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {current ? (
          <label
            htmlFor={photoInputId(current.id)}
            className="flex min-h-16 w-full cursor-pointer items-center gap-3 rounded-xl bg-ink px-4 py-2.5 text-white shadow-sm hover:bg-slate-800 aria-disabled:pointer-events-none aria-disabled:opacity-60"
            aria-disabled={disabled || undefined}
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15">
              <Camera className="size-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              <span className="block text-xs font-medium text-slate-300">
                {current.required ? t('request.photos.takeRequired') : t('request.photos.take')}
              </span>
              <span className="block text-base leading-snug font-semibold">{t(stepLabelId(current.id))}</span>
            </span>
          </label>
        ) : (
          <p className="flex items-center gap-2 rounded-xl bg-green-50 p-3 text-sm font-semibold text-green-800">
            <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
            {t('request.photos.allTaken')}
          </p>
        )}
        <ol aria-label={t('request.photos.stepsLabel')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {PHOTO_STEPS.map((step, index) => (
            <PhotoStepTile
              key={step.id}
              step={step}
              index={index}
              photo={state.photos[step.id]}
              isCurrent={state.current === step.id}
              disabled={disabled}
              onChoose={(file) => steps.choose(step.id, file)}
              onSelect={() => steps.select(step.id)}
              onRemove={() => steps.remove(step.id)}
              onRetry={() => void steps.retry(step.id)}
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
