import { ApiError } from '#client/lib/api.ts';

/**
 * Uppy reports a refused PUT as an error carrying the answer's status and body. Turn it into the app's
 * ApiError so the server's `{message}` (not an image, too big…) reaches the user the usual way.
 */
export function toUploadApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (typeof error === 'object' && error !== null && 'status' in error && 'body' in error) {
    const { status, body } = error as { status: unknown; body: unknown };
    if (typeof status === 'number' && status >= 400 && typeof body === 'string')
      return new ApiError(status, body);
  }
  return error;
}
