import { ApiError } from '#client/lib/api.ts';

/**
 * The `{message}` of a JSON error body when the server sent one for a client error (4xx); null
 * otherwise. Unlike ApiError.serverMessage it never falls back to raw text such as an HTML error page.
 */
export function clientErrorMessage(status: number, body: string): string | null {
  if (status < 400 || status >= 500) return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message.trim() ? parsed.message.trim() : null;
  } catch {
    return null;
  }
}

export function apiClientErrorMessage(error: unknown): string | null {
  return error instanceof ApiError ? clientErrorMessage(error.status, error.body) : null;
}
