import { ImagePlus, X } from 'lucide-react';
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
import { LazyPhotoUploader, toUploadApiError } from '#client/features/photos/shared.ts';
import { MAX_PHOTO_BYTES, photoIdFromUrl, thumbnailUrl } from '#domain/photos.ts';
import { MAX_STAGE_PHOTOS } from '#domain/repair-progress.ts';

/** The small picture of an uploaded photo, by its photo URL. */
export const photoThumbnail = (photoURL: string) => {
  const id = photoIdFromUrl(photoURL);
  return id ? thumbnailUrl(id) : photoURL;
};

/**
 * The progress photos of the stage being recorded: taken with the phone's camera (or picked) one at a
 * time through the app's photo uploader; each can be taken off again before the stage is saved.
 */
export function ProgressPhotosField({
  photos,
  onChange,
}: {
  photos: string[];
  onChange: (photos: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const full = photos.length >= MAX_STAGE_PHOTOS;

  return (
    <div className="space-y-2">
      <p id="progress-photos-label" className="text-sm font-medium text-slate-900">
        Progress photos (optional)
      </p>
      <ul aria-labelledby="progress-photos-label" className="flex flex-wrap gap-3">
        {photos.map((photo, index) => (
          <li key={photo} className="relative">
            <img
              src={photoThumbnail(photo)}
              alt={`New progress shot ${index + 1}`}
              width={64}
              height={64}
              className="size-16 rounded-lg object-cover ring-1 ring-slate-200"
            />
            <button
              type="button"
              onClick={() => onChange(photos.filter((kept) => kept !== photo))}
              aria-label={`Remove progress photo ${index + 1}`}
              className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-brand-700 text-white shadow ring-2 ring-white hover:bg-brand-800"
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
        {!full && (
          <li>
            <Dialog open={open} onOpenChange={setOpen}>
              <DialogTrigger className="flex size-16 flex-col items-center justify-center gap-0.5 rounded-lg border-2 border-dashed border-slate-300 text-xs font-semibold text-slate-700 hover:border-brand-600 hover:text-brand-700">
                <ImagePlus className="size-5" aria-hidden="true" />
                Add photo
              </DialogTrigger>
              <DialogContent className="max-w-2xl" onInteractOutside={(event) => event.preventDefault()}>
                <DialogHeader>
                  <DialogTitle>Add a progress photo</DialogTitle>
                  <DialogDescription>
                    One photo at a time, images only, up to {Math.round(MAX_PHOTO_BYTES / 1024 / 1024)} MB. It
                    is saved with the stage.
                  </DialogDescription>
                </DialogHeader>
                <Suspense fallback={<Spinner className="h-72" label="Loading the uploader" />}>
                  <LazyPhotoUploader
                    uploadOnChoose
                    onUploaded={async (photoURL) => {
                      onChange([...photos, photoURL]);
                      setOpen(false);
                    }}
                    onFailed={(error) =>
                      reportMutationError(toUploadApiError(error), {
                        fallback: 'Failed to upload the photo. Please try again.',
                        withServerMessage: true,
                      })
                    }
                  />
                </Suspense>
              </DialogContent>
            </Dialog>
          </li>
        )}
      </ul>
    </div>
  );
}
