import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from '#client/components/ui/use-toast.ts';
import { PHOTO_STEPS, type PhotoStepId } from '#domain/photos.ts';
import { isAbort, PhotoUploadError, useUploadPhoto } from './api/upload-photo.ts';
import { photoFileProblem } from './photo-file-check.ts';
import { initialPhotoStepsState, photoStepsReducer, stepById } from './photo-steps-state.ts';

const GENERIC_UPLOAD_FAILURE = 'Failed to process your submission. Please try again.';

function failureMessage(error: unknown): string {
  return error instanceof PhotoUploadError ? error.message : GENERIC_UPLOAD_FAILURE;
}

/**
 * The four photo steps: each photo is uploaded as soon as it is chosen, so submitting is quick.
 * A failed upload keeps the photo for a retry; removing or replacing a photo cancels its upload.
 */
export function usePhotoSteps() {
  const [state, dispatch] = useReducer(photoStepsReducer, initialPhotoStepsState);
  const { mutateAsync: upload } = useUploadPhoto();
  const latest = useRef(state);
  latest.current = state;
  const nextAttempt = useRef(0);
  const inFlight = useRef(new Map<PhotoStepId, AbortController>());

  const cancelUpload = useCallback((step: PhotoStepId) => {
    inFlight.current.get(step)?.abort();
    inFlight.current.delete(step);
  }, []);

  /** Uploads one attempt; answers the photo URL, or null when it failed or was cancelled. */
  const runUpload = useCallback(
    async (step: PhotoStepId, file: File, attempt: number, announceFailure: boolean) => {
      cancelUpload(step);
      const controller = new AbortController();
      inFlight.current.set(step, controller);
      try {
        const photoURL = await upload({
          file,
          step,
          stepLabel: stepById(step).label,
          signal: controller.signal,
          onProgress: (progress) => dispatch({ type: 'progress', step, attempt, progress }),
        });
        dispatch({ type: 'uploaded', step, attempt, photoURL });
        return photoURL;
      } catch (error) {
        if (isAbort(error)) return null;
        const message = failureMessage(error);
        dispatch({ type: 'failed', step, attempt, error: message });
        if (announceFailure) toast({ title: 'Upload Failed', description: message, variant: 'destructive' });
        return null;
      } finally {
        if (inFlight.current.get(step) === controller) inFlight.current.delete(step);
      }
    },
    [cancelUpload, upload],
  );

  const choose = useCallback(
    (step: PhotoStepId, file: File) => {
      const problem = photoFileProblem(file);
      if (problem) {
        toast({ title: 'Photo Not Accepted', description: problem, variant: 'destructive' });
        return;
      }
      const previous = latest.current.photos[step];
      if (previous) URL.revokeObjectURL(previous.previewUrl);
      nextAttempt.current += 1;
      const attempt = nextAttempt.current;
      dispatch({ type: 'chosen', step, file, previewUrl: URL.createObjectURL(file), attempt });
      void runUpload(step, file, attempt, true);
    },
    [runUpload],
  );

  const retry = useCallback(
    (step: PhotoStepId) => {
      const photo = latest.current.photos[step];
      if (!photo) return Promise.resolve(null);
      nextAttempt.current += 1;
      const attempt = nextAttempt.current;
      dispatch({ type: 'retrying', step, attempt });
      return runUpload(step, photo.file, attempt, true);
    },
    [runUpload],
  );

  const remove = useCallback(
    (step: PhotoStepId) => {
      cancelUpload(step);
      const photo = latest.current.photos[step];
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      dispatch({ type: 'removed', step });
    },
    [cancelUpload],
  );

  const select = useCallback((step: PhotoStepId) => dispatch({ type: 'selected', step }), []);

  /**
   * The photo URLs for the submission, overview first, retrying any upload that failed before.
   * Null when one still fails: the failure has been announced and every photo is kept.
   */
  const uploadedPhotoUrls = useCallback(async (): Promise<string[] | null> => {
    const urls: string[] = [];
    for (const step of PHOTO_STEPS) {
      const photo = latest.current.photos[step.id];
      if (!photo) continue;
      const url = photo.status === 'uploaded' ? photo.photoURL : await retry(step.id);
      if (!url) return null;
      urls.push(url);
    }
    return urls;
  }, [retry]);

  // Leaving the page cancels uploads still running and frees the previews.
  useEffect(
    () => () => {
      for (const controller of inFlight.current.values()) controller.abort();
      for (const photo of Object.values(latest.current.photos)) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  return { state, choose, retry, remove, select, uploadedPhotoUrls };
}
