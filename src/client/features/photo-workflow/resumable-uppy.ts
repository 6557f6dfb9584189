import Uppy, { type UppyFile } from '@uppy/core';
import GoldenRetriever from '@uppy/golden-retriever';
import Tus from '@uppy/tus';
import { currentLanguage, translate } from '#client/i18n/i18n.ts';
import { MAX_PHOTO_BYTES, type PhotoStepId, RESUMABLE_UPLOAD_PATH } from '#domain/photos.ts';

/**
 * Each PATCH carries at most this much. On a weak signal a lost request costs at most one chunk: the
 * upload asks the server how far it got (HEAD) and goes on from there. Small enough for a phone in a
 * parking lot to finish one in a few seconds; large enough that a 10 MB photo takes 20 requests.
 */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;

export type PhotoMeta = { step: PhotoStepId };
export type PhotoFile = UppyFile<PhotoMeta, Record<string, never>>;
export type PhotoUppy = Uppy<PhotoMeta, Record<string, never>>;

/**
 * The photo workflow's uploader: resumable uploads (tus) to this app, and Golden Retriever, which
 * keeps the chosen photos (in IndexedDB) and how far each got (in localStorage), so a reload or a
 * closed tab finds them again. One instance per signed-in user: nobody else's photos come back.
 */
export function createResumableUppy(userId: string): PhotoUppy {
  const uppy = new Uppy<PhotoMeta, Record<string, never>>({
    id: `estimate-photos-${userId}`,
    autoProceed: true,
    restrictions: { allowedFileTypes: ['image/*'], maxFileSize: MAX_PHOTO_BYTES },
    ...(currentLanguage() === 'en'
      ? {}
      : { locale: { strings: uppyRefusals(), pluralize: (count: number) => (count === 1 ? 0 : 1) } }),
  });
  uppy.use(Tus, {
    endpoint: new URL(RESUMABLE_UPLOAD_PATH, window.location.href).href,
    chunkSize: UPLOAD_CHUNK_BYTES,
    // Keeps trying through a short loss of signal; after that the photo shows Retry (and retries
    // by itself when the browser is back online).
    retryDelays: [0, 1000, 3000, 5000, 10_000],
    limit: 2,
    allowedMetaFields: ['step'],
    removeFingerprintOnSuccess: true,
  });
  uppy.use(GoldenRetriever, { serviceWorker: false, expires: 24 * 60 * 60 * 1000 });
  return uppy;
}

/**
 * Uppy's own words for a photo it refuses to add (it writes them in English), in the page's language.
 * The catalog's placeholders are handed back as Uppy's (`%{file}`), which Uppy then fills in.
 */
function uppyRefusals(): Record<string, string> {
  return {
    exceedsSize: translate('request.upload.uppyTooLarge', { file: '%{file}', size: '%{size}' }),
    youCanOnlyUploadFileTypes: translate('request.upload.uppyFileTypes', { types: '%{types}' }),
    noDuplicates: translate('request.upload.uppyDuplicate', { fileName: '%{fileName}' }),
  };
}

/** Stops without forgetting: Golden Retriever goes first, so closing does not clear what it kept. */
export function closeKeepingPhotos(uppy: PhotoUppy): void {
  const retriever = uppy.getPlugin('GoldenRetriever');
  if (retriever) uppy.removePlugin(retriever);
  uppy.destroy();
}

export const CHECK_CONNECTION = 'please check your connection and try again';

/** The server's words for a refused photo (`{message}`), or a plain hint when the signal was lost. */
export function uploadFailureReason(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string } | null } | null)?.originalResponse;
  const body = response?.getBody?.();
  if (body) {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    } catch {
      // Not JSON: a proxy's error page, say. Fall through to the plain hint.
    }
  }
  return CHECK_CONNECTION;
}
