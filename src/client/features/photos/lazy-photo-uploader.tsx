import { lazy } from 'react';

/**
 * The photo uploader (Uppy), fetched the first time it renders: a page that never shows it never
 * downloads Uppy or its styles. Render it inside <Suspense>.
 */
export const LazyPhotoUploader = lazy(() =>
  import('./photo-uploader.tsx').then((m) => ({ default: m.PhotoUploader })),
);
