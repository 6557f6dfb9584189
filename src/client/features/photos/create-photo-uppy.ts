import AwsS3 from '@uppy/aws-s3';
import Uppy from '@uppy/core';
import type { Locale } from '@uppy/core/utils';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { requestUploadTicket } from './api/request-upload.ts';

export interface PhotoUppyEvents {
  /** The bytes are stored; photoURL names the new photo for PUT /api/estimates/{id}/photos. */
  onUploaded: (photoURL: string) => void;
  onFailed: (error: unknown) => void;
}

/**
 * One damage photo at a time, images only, at most 10 MB, never multipart; started by the user, or
 * as soon as it is chosen (autoProceed).
 * Each upload asks the server for a ticket (POST /api/objects/upload, with the file's size) and PUTs
 * the bytes to its uploadURL: a path of this app (sent with the session cookie) or a presigned S3 URL
 * signed for that size.
 */
export function createPhotoUppy(
  { onUploaded, onFailed }: PhotoUppyEvents,
  { locale, autoProceed = false }: { locale?: Locale | undefined; autoProceed?: boolean } = {},
): Uppy {
  // The ticket's photoURL per Uppy file: the object key we ask for is the file's id.
  const photoUrlByFileId = new Map<string, string>();

  const uppy = new Uppy({
    id: 'damage-photo',
    autoProceed,
    restrictions: { allowedFileTypes: ['image/*'], maxNumberOfFiles: 1, maxFileSize: MAX_PHOTO_BYTES },
    ...(locale && { locale }),
  });

  uppy.use(AwsS3, {
    shouldUseMultipart: false,
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      if (request.method !== 'PUT' || 'uploadId' in request) {
        throw new Error('Photos are uploaded in one piece.');
      }
      // The bytes Uppy is about to send (the object key is the file's id); unknown for a restored file.
      const size = uppy.getFile(request.key)?.data?.size ?? undefined;
      const ticket = await requestUploadTicket(size);
      photoUrlByFileId.set(request.key, ticket.photoURL);
      return {
        // The built-in store answers with a path of this app; Uppy needs an absolute URL.
        url: new URL(ticket.uploadURL, window.location.href).href,
        headers: { 'Content-Type': request.contentType ?? 'application/octet-stream' },
      };
    },
  });

  uppy.on('upload-success', (file) => {
    const photoURL = file && photoUrlByFileId.get(file.id);
    if (photoURL) onUploaded(photoURL);
    else onFailed(new Error('The upload finished without a photo address.'));
  });
  uppy.on('upload-error', (_file, error) => onFailed(error));

  return uppy;
}
