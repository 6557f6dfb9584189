// What the estimate-detail feature offers the other features.
export { vehicleKey } from './api/get-vehicle.ts';
export { LazyPhotoUploader } from './lazy-photo-uploader.tsx';
export { PhotoTile } from './photo-tile.tsx';
export { toUploadApiError } from './upload-error.ts';
