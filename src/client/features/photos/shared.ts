// What the photos feature offers the other features: the customer's and the shop's estimate pages
// show photos with its tile and add them with its uploader.
export { LazyPhotoUploader } from './lazy-photo-uploader.tsx';
export { PhotoTile } from './photo-tile.tsx';
export { toUploadApiError } from './upload-error.ts';
