import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { toast } from '#client/components/ui/use-toast.ts';
import { translate } from '#client/i18n/i18n.ts';
import {
  PHOTO_STEPS,
  type PhotoStepId,
  photoIdFromUrl,
  photoUrlFromResumableUpload,
  thumbnailUrl,
} from '#domain/photos.ts';
import { photoFileProblem } from './photo-file-check.ts';
import { initialPhotoStepsState, photoStepsReducer, type StepPhoto } from './photo-steps-state.ts';
import { requestText, stepLabelId } from './request-text.ts';
import {
  closeKeepingPhotos,
  createResumableUppy,
  type PhotoFile,
  type PhotoUppy,
  uploadFailureReason,
} from './resumable-uppy.ts';

const isStep = (value: unknown): value is PhotoStepId => PHOTO_STEPS.some((step) => step.id === value);

/** A photo that finished uploading before the page was left: shown by the server's thumbnail. */
function uploadedPhoto(photoURL: string, attempt: number): StepPhoto {
  return {
    previewUrl: thumbnailUrl(photoIdFromUrl(photoURL) ?? ''),
    attempt,
    status: 'uploaded',
    progress: 1,
    photoURL,
    error: null,
  };
}

/**
 * The four photo steps: each photo starts uploading as soon as it is chosen, in chunks that resume
 * where they stopped after a lost signal, a reload or a closed tab (see resumable-uppy.ts).
 * `uploadedBefore` are the photos the saved draft says had finished. A failed upload keeps the photo
 * for a retry; removing or replacing a photo cancels its upload.
 */
export function usePhotoSteps(userId: string, uploadedBefore: Partial<Record<PhotoStepId, string>> = {}) {
  const [state, dispatch] = useReducer(photoStepsReducer, initialPhotoStepsState);
  const [uppy, setUppy] = useState<PhotoUppy | null>(null);
  const latest = useRef(state);
  latest.current = state;
  const nextAttempt = useRef(0);
  // Which step and attempt each uploader file is: news about a replaced photo is ignored.
  const files = useRef(new Map<string, { step: PhotoStepId; attempt: number }>());
  const waiting = useRef(new Map<string, (photoURL: string | null) => void>());
  const initialUploads = useRef(uploadedBefore);
  const settleRef = useRef((_fileId: string, _photoURL: string | null) => {});

  const newAttempt = useCallback(() => {
    nextAttempt.current += 1;
    return nextAttempt.current;
  }, []);

  useEffect(() => {
    const instance = createResumableUppy(userId);
    const known = (file: PhotoFile | undefined) => (file ? files.current.get(file.id) : undefined);
    const settle = (fileId: string, photoURL: string | null) => {
      waiting.current.get(fileId)?.(photoURL);
      waiting.current.delete(fileId);
    };
    settleRef.current = settle;

    instance.on('upload-progress', (file, progress) => {
      const which = known(file);
      if (!which || !progress.bytesTotal) return;
      dispatch({ type: 'progress', ...which, progress: (progress.bytesUploaded ?? 0) / progress.bytesTotal });
    });
    instance.on('upload-success', (file, response) => {
      const which = known(file);
      if (!which || !file) return;
      const photoURL = photoUrlFromResumableUpload(response.uploadURL ?? '');
      if (!photoURL) {
        dispatch({ type: 'failed', ...which, error: translate('request.upload.noAddress') });
        settle(file.id, null);
        return;
      }
      dispatch({ type: 'uploaded', ...which, photoURL });
      settle(file.id, photoURL);
    });
    instance.on('upload-error', (file, error) => {
      const which = known(file);
      if (!which || !file) return;
      const message = translate('request.upload.failed', {
        step: translate(stepLabelId(which.step)),
        reason: requestText(uploadFailureReason(error)),
      });
      dispatch({ type: 'failed', ...which, error: message });
      if (!waiting.current.has(file.id)) {
        toast({
          title: translate('request.toast.uploadFailed'),
          description: message,
          variant: 'destructive',
        });
      }
      settle(file.id, null);
    });

    // Photos kept from before a reload or a closed tab: finished ones by the saved draft, the others
    // by Golden Retriever, which then carries on with their uploads from where the server has them.
    const restored: Partial<Record<PhotoStepId, StepPhoto>> = {};
    for (const [step, photoURL] of Object.entries(initialUploads.current)) {
      if (isStep(step) && photoURL) restored[step] = uploadedPhoto(photoURL, newAttempt());
    }
    if (Object.keys(restored).length > 0) dispatch({ type: 'restored', photos: restored });
    instance.on('restored', () => {
      const resumed: Partial<Record<PhotoStepId, StepPhoto>> = {};
      for (const file of instance.getFiles()) {
        const step = file.meta.step;
        const photoURL = photoUrlFromResumableUpload(file.response?.uploadURL ?? '');
        if (!isStep(step) || file.isGhost || !file.data || file.progress.uploadComplete) {
          if (isStep(step) && file.progress.uploadComplete && photoURL) {
            resumed[step] = uploadedPhoto(photoURL, newAttempt());
          }
          instance.removeFile(file.id);
          continue;
        }
        const attempt = newAttempt();
        files.current.set(file.id, { step, attempt });
        const total = file.progress.bytesTotal || file.size || 0;
        resumed[step] = {
          previewUrl: URL.createObjectURL(file.data as Blob),
          attempt,
          status: 'uploading',
          progress: total ? (file.progress.bytesUploaded || 0) / total : 0,
          photoURL: null,
          error: null,
        };
      }
      if (Object.keys(resumed).length === 0) return;
      dispatch({ type: 'restored', photos: resumed });
      instance.emit('restore-confirmed');
    });

    // Back online: photos that gave up while the signal was gone try again by themselves.
    const retryFailed = () => instance.retryAll().catch(() => undefined);
    window.addEventListener('online', retryFailed);
    setUppy(instance);
    return () => {
      window.removeEventListener('online', retryFailed);
      closeKeepingPhotos(instance);
      for (const photo of Object.values(latest.current.photos)) {
        if (photo.previewUrl.startsWith('blob:')) URL.revokeObjectURL(photo.previewUrl);
      }
    };
  }, [userId, newAttempt]);

  /** The uploader file of a step's current photo, if any. */
  const fileIdOf = useCallback((step: PhotoStepId) => {
    const attempt = latest.current.photos[step]?.attempt;
    for (const [fileId, which] of files.current) {
      if (which.step === step && which.attempt === attempt) return fileId;
    }
    return null;
  }, []);

  const remove = useCallback(
    (step: PhotoStepId) => {
      const fileId = fileIdOf(step);
      if (fileId) {
        files.current.delete(fileId);
        settleRef.current(fileId, null);
        if (uppy?.getFile(fileId)) uppy.removeFile(fileId);
      }
      const photo = latest.current.photos[step];
      if (photo?.previewUrl.startsWith('blob:')) URL.revokeObjectURL(photo.previewUrl);
      dispatch({ type: 'removed', step });
    },
    [fileIdOf, uppy],
  );

  const choose = useCallback(
    (step: PhotoStepId, file: File) => {
      const problem = photoFileProblem(file);
      if (problem) {
        toast({
          title: translate('request.toast.photoNotAccepted'),
          description: requestText(problem),
          variant: 'destructive',
        });
        return;
      }
      if (!uppy) return;
      if (latest.current.photos[step]) remove(step);
      const attempt = newAttempt();
      dispatch({ type: 'chosen', step, previewUrl: URL.createObjectURL(file), attempt });
      try {
        // The step in the name keeps one picture chosen for two steps two separate uploads.
        const fileId = uppy.addFile({
          name: `${step}-${file.name}`,
          type: file.type,
          data: file,
          meta: { step },
          source: 'photo-workflow',
        });
        files.current.set(fileId, { step, attempt });
      } catch (error) {
        // Uppy's refusal, in the page's language (see resumable-uppy.ts).
        const message = error instanceof Error ? error.message : translate('request.upload.notAdded');
        dispatch({ type: 'failed', step, attempt, error: message });
      }
    },
    [remove, uppy, newAttempt],
  );

  const retry = useCallback(
    async (step: PhotoStepId): Promise<string | null> => {
      const fileId = fileIdOf(step);
      const which = fileId ? files.current.get(fileId) : undefined;
      if (!uppy || !fileId || !which || !uppy.getFile(fileId)) return null;
      const attempt = newAttempt();
      files.current.set(fileId, { step, attempt });
      dispatch({ type: 'retrying', step, attempt });
      const done = new Promise<string | null>((resolve) => waiting.current.set(fileId, resolve));
      void uppy.retryUpload(fileId);
      return done;
    },
    [fileIdOf, uppy, newAttempt],
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
      if (!url) {
        if (photo.status !== 'uploaded') {
          const error =
            latest.current.photos[step.id]?.error ??
            translate('request.upload.failedShort', { step: translate(stepLabelId(step.id)) });
          toast({
            title: translate('request.toast.uploadFailed'),
            description: error,
            variant: 'destructive',
          });
        }
        return null;
      }
      urls.push(url);
    }
    return urls;
  }, [retry]);

  /** After the request is sent: the uploader and Golden Retriever forget the photos. */
  const forget = useCallback(() => {
    files.current.clear();
    try {
      uppy?.clear();
    } catch {
      uppy?.cancelAll();
    }
  }, [uppy]);

  return { state, ready: uppy !== null, choose, retry, remove, select, uploadedPhotoUrls, forget };
}
