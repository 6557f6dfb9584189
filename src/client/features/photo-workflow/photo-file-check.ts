import { MAX_PHOTO_BYTES } from '#domain/photos.ts';

// Some browsers report no type for formats they do not know (HEIC on desktop); the name then decides.
const IMAGE_NAME = /\.(jpe?g|png|webp|gif|heic|heif|avif|bmp|tiff?)$/i;

export const NOT_AN_IMAGE = 'Please choose a photo (an image file such as JPEG or PNG).';
export const PHOTO_TOO_LARGE = 'This photo is larger than 10 MB. Please choose a smaller photo.';

/**
 * Why a chosen file cannot be a damage photo, or null when it may be uploaded. A quick check so the
 * customer hears about it at once; the server checks the content again.
 */
export function photoFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const looksLikeImage = file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name);
  if (!looksLikeImage) return NOT_AN_IMAGE;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_LARGE;
  if (file.size === 0) return NOT_AN_IMAGE;
  return null;
}
