import { AlertCircle, Camera, CheckCircle2, ImageOff, RefreshCw, RotateCcw } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import type { PhotoStep, StepPhoto } from './photo-steps-state.ts';
import { stepLabelId } from './request-text.ts';

export function photoInputId(step: PhotoStep['id']): string {
  return `photo-input-${step}`;
}

interface PhotoStepTileProps {
  step: PhotoStep;
  index: number;
  photo: StepPhoto | undefined;
  isCurrent: boolean;
  disabled: boolean;
  onChoose: (file: File) => void;
  onSelect: () => void;
  onRemove: () => void;
  onRetry: () => void;
}

/** One photo step: a big tap target that opens the rear camera, then the preview with retake and retry. */
export function PhotoStepTile({
  step,
  index,
  photo,
  isCurrent,
  disabled,
  onChoose,
  onSelect,
  onRemove,
  onRetry,
}: PhotoStepTileProps) {
  const t = useT();
  const label = t(stepLabelId(step.id));
  const input = useRef<HTMLInputElement>(null);
  const inputId = photoInputId(step.id);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (file) onChoose(file);
  };

  const retake = () => {
    onRemove();
    input.current?.click();
  };

  return (
    <li
      aria-current={isCurrent ? 'step' : undefined}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border-2 bg-white transition-shadow',
        isCurrent ? 'border-brand-600 shadow-md ring-4 ring-brand-600/15' : 'border-slate-200',
      )}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label={t('request.photo.inputLabel', { step: label })}
        className="sr-only"
        disabled={disabled}
        onFocus={onSelect}
        onChange={handleChange}
      />

      {photo ? (
        <div className="relative aspect-[4/3] bg-slate-100">
          <PhotoPreview
            key={photo.previewUrl}
            src={photo.previewUrl}
            alt={t('request.photo.preview', { step: label })}
          />
          <UploadStatus photo={photo} label={label} />
        </div>
      ) : (
        <label
          htmlFor={inputId}
          className={cn(
            'm-2 mb-0 flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed text-sm font-semibold transition-colors',
            isCurrent
              ? 'border-brand-600 bg-brand-50 text-brand-800'
              : 'border-slate-300 bg-slate-50 text-slate-600 hover:border-slate-400 hover:bg-slate-100',
            disabled && 'pointer-events-none opacity-60',
          )}
        >
          <Camera className="size-8" aria-hidden="true" />
          {t('request.photos.take')}
        </label>
      )}

      <div className="flex flex-1 flex-col p-2.5">
        <p className="text-sm leading-tight font-semibold text-slate-900">
          <span className="text-slate-500">{index + 1}.</span> {label}
        </p>
        <p
          className={cn('mt-0.5 text-xs', step.required ? 'font-semibold text-brand-700' : 'text-slate-500')}
        >
          {step.required ? t('request.photo.required') : t('request.photo.optional')}
        </p>
        {photo?.status === 'failed' && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-brand-800">
            {photo.error}
          </p>
        )}
        {photo && (
          <div className="mt-auto grid gap-1.5 pt-2">
            {photo.status === 'failed' && (
              <Button
                size="sm"
                onClick={onRetry}
                disabled={disabled}
                aria-label={t('request.photo.retryLabel', { step: label })}
              >
                <RefreshCw aria-hidden="true" />
                {t('request.photo.retry')}
              </Button>
            )}
            <Button
              size="sm"
              variant="secondary"
              onClick={retake}
              disabled={disabled}
              aria-label={t('request.photo.retakeLabel', { step: label })}
            >
              <RotateCcw aria-hidden="true" />
              {t('request.photo.retake')}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function UploadStatus({ photo, label }: { photo: StepPhoto; label: string }) {
  const t = useT();
  if (photo.status === 'uploaded') {
    return (
      <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-green-600 px-2 py-0.5 text-xs font-semibold text-white shadow">
        <CheckCircle2 className="size-3.5" aria-hidden="true" />
        {t('request.photo.uploaded')}
      </span>
    );
  }
  if (photo.status === 'failed') {
    return (
      <span className="absolute inset-0 flex items-center justify-center bg-brand-800/60">
        <span className="inline-flex items-center gap-1 rounded-full bg-white px-2.5 py-1 text-xs font-semibold text-brand-800 shadow">
          <AlertCircle className="size-3.5" aria-hidden="true" />
          {t('request.photo.notUploaded')}
        </span>
      </span>
    );
  }
  const percent = Math.round(photo.progress * 100);
  return (
    <div className="absolute inset-x-0 bottom-0 bg-ink/75 p-2 text-xs font-semibold text-white">
      <p aria-live="polite">{t('request.photo.uploading', { percent })}</p>
      <div
        role="progressbar"
        aria-label={t('request.photo.progressLabel', { step: label })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/30"
      >
        <div className="h-full rounded-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** A file the browser cannot show (say, a renamed document) gets a plain placeholder, not a broken image. */
function PhotoPreview({ src, alt }: { src: string; alt: string }) {
  const [broken, setBroken] = useState(false);
  if (broken) {
    return (
      <span role="img" aria-label={alt} className="flex size-full items-center justify-center text-slate-400">
        <ImageOff className="size-8" aria-hidden="true" />
      </span>
    );
  }
  return <img src={src} alt={alt} className="size-full object-cover" onError={() => setBroken(true)} />;
}
