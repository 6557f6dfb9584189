import { Camera, CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { PHOTO_STEPS } from '#domain/photos.ts';
import { PhotoStepTile, photoInputId } from './photo-step-tile.tsx';
import { stepById } from './photo-steps-state.ts';
import type { usePhotoSteps } from './use-photo-steps.ts';

type PhotoSteps = ReturnType<typeof usePhotoSteps>;

/** The four photo steps, with one big button that always takes the photo for the highlighted step. */
export function PhotoStepsSection({ steps, disabled }: { steps: PhotoSteps; disabled: boolean }) {
  const { state } = steps;
  const taken = PHOTO_STEPS.filter((step) => state.photos[step.id]).length;
  const current = state.current ? stepById(state.current) : null;

  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-3">
          <CardTitle>Damage Photos</CardTitle>
          <span className="text-sm font-medium text-slate-500">
            {taken} of {PHOTO_STEPS.length}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          Start with the whole vehicle from a few steps back, then close-ups of the damage. Only the overview
          is required.
        </p>
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
                {current.required ? 'Take photo (required)' : 'Take photo'}
              </span>
              <span className="block truncate text-base font-semibold">{current.label}</span>
            </span>
          </label>
        ) : (
          <p className="flex items-center gap-2 rounded-xl bg-green-50 p-3 text-sm font-semibold text-green-800">
            <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
            All photos taken. Tap Retake to replace one.
          </p>
        )}
        <ol aria-label="Photo steps" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
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
