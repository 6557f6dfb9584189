import { ImagePlus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
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
import { reportMutationError } from '#client/lib/report-mutation-error.ts';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { useAttachPhoto } from './api/attach-photo.ts';
import { toUploadApiError } from './upload-error.ts';

// Uppy is heavy: fetch it only when someone opens this dialog.
const PhotoUploader = lazy(() => import('./photo-uploader.tsx').then((m) => ({ default: m.PhotoUploader })));

const ADD_FAILED = 'Failed to add photo. Please try again.';

/** The Add Photo tile of edit mode and its upload dialog; the new photo is attached to the estimate. */
export function AddPhotoDialog({ estimateId, onAdded }: { estimateId: string; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  const attachPhoto = useAttachPhoto(estimateId);

  async function attach(photoURL: string) {
    try {
      await attachPhoto.mutateAsync(photoURL);
    } catch (error) {
      reportMutationError(error, { fallback: ADD_FAILED, withServerMessage: true });
      throw error;
    }
    toast({ title: 'Photo Added', description: 'Your damage photo has been added successfully.' });
    setOpen(false);
    onAdded();
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <li>
        <DialogTrigger className="flex aspect-square w-full flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-slate-300 p-2 text-center text-sm font-semibold text-slate-700 hover:border-brand-600 hover:text-brand-700">
          <ImagePlus className="size-6" aria-hidden="true" />
          Add Photo
        </DialogTrigger>
      </li>
      <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Take or upload your vehicle damage photo here</DialogTitle>
          <DialogDescription>
            One photo at a time, images only, up to {Math.round(MAX_PHOTO_BYTES / 1024 / 1024)} MB.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<Spinner className="h-72" label="Loading the uploader" />}>
          <PhotoUploader
            onUploaded={attach}
            onFailed={(error) =>
              reportMutationError(toUploadApiError(error), { fallback: ADD_FAILED, withServerMessage: true })
            }
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
