import type Uppy from '@uppy/core';
import type { Locale } from '@uppy/core/utils';
import Dashboard from '@uppy/react/dashboard';
import { useEffect, useRef, useState } from 'react';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './photo-uploader.css';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { createPhotoUppy, type PhotoUppyEvents } from './create-photo-uppy.ts';
import { isTouchDevice, photoDialogLocale } from './photo-dialog-words.ts';

/**
 * Uppy's dashboard for one photo. Loaded (through LazyPhotoUploader) only when an add-photo dialog
 * opens, so no other page downloads Uppy or its styles.
 */
export function PhotoUploader({
  onUploaded,
  onFailed,
  note = 'Take a photo or upload from your device',
  loadingLabel = 'Loading the uploader',
  uploadOnChoose = false,
}: {
  /** Uploads as soon as the photo is chosen, with no Upload button to press (the staff's dialogs). */
  uploadOnChoose?: boolean;
  /** The hint under the drop area, and the spinner's name, in the page's words. */
  note?: string;
  loadingLabel?: string;
  /** Resolves once the photo is on the estimate; a rejection clears the uploader for another try. */
  onUploaded: (photoURL: string) => Promise<void>;
  onFailed: PhotoUppyEvents['onFailed'];
}) {
  const [uppy, setUppy] = useState<Uppy | null>(null);
  const latest = useRef({ onUploaded, onFailed });
  useEffect(() => {
    latest.current = { onUploaded, onFailed };
  });

  // Made in an effect (not during render) so React's double mount in development gets a fresh instance.
  useEffect(() => {
    let instance: Uppy | undefined;
    let unmounted = false;
    uppyLocale().then((locale) => {
      if (unmounted) return;
      const uppy = createPhotoUppy(
        {
          onUploaded: (photoURL) => {
            latest.current.onUploaded(photoURL).catch(() => uppy.cancelAll());
          },
          onFailed: (error) => latest.current.onFailed(error),
        },
        { locale, autoProceed: uploadOnChoose },
      );
      instance = uppy;
      setUppy(uppy);
    });
    return () => {
      unmounted = true;
      instance?.destroy();
    };
  }, [uploadOnChoose]);

  if (!uppy) return <Spinner className="h-72" label={loadingLabel} />;
  return (
    <Dashboard
      uppy={uppy}
      note={note}
      width="100%"
      height={340}
      proudlyDisplayPoweredByUppy={false}
      showNativePhotoCameraButton
      nativeCameraFacingMode="environment"
      showRemoveButtonAfterComplete={false}
    />
  );
}

/**
 * Uppy writes its own words in English; a Spanish page fetches its Spanish words first. On a phone
 * the words speak of taking a photo.
 */
async function uppyLocale(): Promise<Locale | undefined> {
  const language = currentLanguage();
  const base = language === 'es' ? (await import('./uppy-spanish.ts')).UPPY_SPANISH : undefined;
  return photoDialogLocale(base, language, isTouchDevice());
}
