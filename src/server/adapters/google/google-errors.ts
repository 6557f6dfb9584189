/**
 * Google failed us. The message is safe to show the shop's staff; `status` is the answer our API
 * gives: 502 when Google refused or answered nonsense, 503 when it could not be reached.
 */
export class GoogleApiError extends Error {
  constructor(
    readonly status: 404 | 502 | 503,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

interface GaxiosLike {
  status?: number;
  response?: { status?: number; data?: unknown };
  code?: string | number;
  message?: string;
}

/** Turns whatever googleapis threw into a GoogleApiError with a message staff can act on. */
export function toGoogleApiError(error: unknown, what: string): GoogleApiError {
  if (error instanceof GoogleApiError) return error;
  const e = (error ?? {}) as GaxiosLike;
  const status = e.response?.status ?? e.status;
  const detail = errorDetail(e);
  if (/invalid_grant|invalid_client|unauthorized_client/.test(detail)) {
    return new GoogleApiError(
      502,
      'Google refused the saved sign-in. Create a new GOOGLE_REFRESH_TOKEN (and check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
      detail,
    );
  }
  if (status === 401 || status === 403) {
    return new GoogleApiError(
      502,
      `Google did not allow ${what}. Check that the account behind GOOGLE_REFRESH_TOKEN granted Gmail and Drive access.`,
      detail,
    );
  }
  if (status === 404) return new GoogleApiError(404, 'Not found in Google Drive.', detail);
  if (typeof status === 'number') {
    return new GoogleApiError(
      502,
      `Google could not complete ${what} (error ${status}). Try again in a minute.`,
      detail,
    );
  }
  return new GoogleApiError(503, `Google could not be reached for ${what}. Try again in a minute.`, detail);
}

function errorDetail(e: GaxiosLike): string {
  const data = e.response?.data;
  const body = typeof data === 'string' ? data : data ? JSON.stringify(data) : '';
  return [e.message, body].filter(Boolean).join(' ').slice(0, 500);
}
