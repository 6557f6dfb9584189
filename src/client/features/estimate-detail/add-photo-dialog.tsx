import { ImagePlus } from 'lucide-react';
import { Suspense, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { LazyPhotoUploader, toUploadApiError } from '#client/features/photos/shared.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { useAttachPhoto } from './api/attach-photo.ts';

/** The Add Photo tile of edit mode and its upload dialog; the new photo is attached to the estimate. */
export function AddPhotoDialog({ estimateId, onAdded }: { estimateId: string; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const attachPhoto = useAttachPhoto(estimateId);
  const t = useT();
  const failed = {
    title: t('estimate.error.title'),
    fallback: t('estimate.addPhoto.failed'),
    withServerMessage: true,
    problem: problemText,
  };

  async function attach(photoURL: string) {
    try {
      await attachPhoto.mutateAsync(photoURL);
    } catch (error) {
      reportMutationError(error, failed);
      throw error;
    }
    toast({ title: t('estimate.addPhoto.addedTitle'), description: t('estimate.addPhoto.addedBody') });
    setOpen(false);
    onAdded();
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <li>
        <DialogTrigger className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 p-2 text-center text-sm font-semibold text-slate-700 hover:border-brand-600 hover:text-brand-700">
          <ImagePlus className="size-6" aria-hidden="true" />
          {t('estimate.addPhoto.tile')}
        </DialogTrigger>
      </li>
      <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t('estimate.addPhoto.title')}</DialogTitle>
          <DialogDescription>
            {t('estimate.addPhoto.description', { megabytes: Math.round(MAX_PHOTO_BYTES / 1024 / 1024) })}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner className="h-72" label={t('estimate.addPhoto.loading')} />}>
          <LazyPhotoUploader
            note={t('estimate.addPhoto.note')}
            loadingLabel={t('estimate.addPhoto.loading')}
            onUploaded={attach}
            onFailed={(error) => reportMutationError(toUploadApiError(error), failed)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
