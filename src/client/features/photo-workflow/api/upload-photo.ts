import { useMutation } from '@tanstack/react-query';
import { sendJson } from '#client/lib/api.ts';
import { type PhotoStepId, type UploadTicket, uploadTicketSchema } from '#domain/photos.ts';
import { apiClientErrorMessage, clientErrorMessage } from './server-message.ts';

/** An upload that failed, with a message fit to show the customer. */
export class PhotoUploadError extends Error {}

export interface UploadPhotoInput {
  file: File;
  step: PhotoStepId;
  /** The step's name as the customer sees it, used in error messages. */
  stepLabel: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

function withReason(message: string, reason: string | null): string {
  return reason ? `${message}: ${reason}` : message;
}

/** The step is optional for the server; it records which photo the upload is meant for. */
async function requestUploadTicket(step: PhotoStepId, stepLabel: string): Promise<UploadTicket> {
  try {
    return await sendJson('POST', '/api/objects/upload', { step }, uploadTicketSchema);
  } catch (error) {
    throw new PhotoUploadError(
      withReason(`Failed to get upload URL for ${stepLabel}`, apiClientErrorMessage(error)),
    );
  }
}

/** The built-in store answers on this app's origin; a presigned S3 URL lives elsewhere and must get no cookies. */
function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}

/** PUT the bytes with XMLHttpRequest rather than fetch: only it reports upload progress. */
function putFile(
  { file, stepLabel, signal, onProgress }: UploadPhotoInput,
  uploadURL: string,
): Promise<void> {
  const failed = (reason: string | null) =>
    new PhotoUploadError(withReason(`Failed to upload ${stepLabel} photo`, reason));
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', uploadURL);
    request.withCredentials = isSameOrigin(uploadURL);
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else reject(failed(clientErrorMessage(request.status, request.responseText)));
    };
    request.onerror = () => reject(failed('please check your connection and try again'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** Gets a one-time upload URL, sends the photo there and answers the photo's URL for the estimate. */
export async function uploadPhoto(input: UploadPhotoInput): Promise<string> {
  const ticket = await requestUploadTicket(input.step, input.stepLabel);
  if (input.signal?.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
  await putFile(input, ticket.uploadURL);
  return ticket.photoURL;
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function useUploadPhoto() {
  return useMutation({ mutationFn: uploadPhoto });
}
