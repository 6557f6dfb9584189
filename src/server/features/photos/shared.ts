// What the photos feature offers the other features: they import it from here, never from its inner files.
export { NOT_AN_IMAGE_MESSAGE, processPhoto, tooLargeError } from './image-processing.ts';
export {
  etagForKey,
  incomingObjectKey,
  type PhotoDeps,
  placeholderObjectKey,
  saveProcessedPhoto,
  UPLOAD_URL_TTL_SECONDS,
} from './photo-objects.ts';
export {
  deletePhotoObjects,
  linkPhotos,
  openPhoto,
  type PhotoVariant,
  photoEtag,
  prepareUploadedPhotos,
} from './service.ts';
