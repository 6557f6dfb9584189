// Only zod's types: the schemas, and zod with them, come from the screens that use them.
import type { z } from 'zod';

/** Every non-OK answer becomes an Error whose message is '<status>: <body text or status text>'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
  }

  /** The server's `{message}` when it sent one, else the raw body. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // not JSON: fall through to the raw text
    }
    return this.body;
  }

  /**
   * A failure's reference (the server's request id, `{reference}` of a 5xx answer): the shop finds the
   * request in its log by it.
   */
  get reference(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { reference?: unknown };
      if (typeof parsed.reference === 'string') return parsed.reference;
    } catch {
      // not JSON: no reference
    }
    return null;
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new ApiError(response.status, text);
}

/**
 * How the app's requests reach the server: the browser's fetch, or, while the server draws a signed-in
 * page (src/client/prerender.tsx), the server answering them itself on behalf of the visitor.
 */
let send: typeof fetch = (input, init) => fetch(input, init);

/** The server's render of a signed-in page answers the app's requests itself; null: the browser's fetch again. */
export function setApiTransport(transport: typeof fetch | null): void {
  send = transport ?? ((input, init) => fetch(input, init));
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await send(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/**
 * Sends `body` (if any) as JSON and checks the reply against `schema`, the shared schema of that reply
 * (src/domain): the result is typed by the schema, and a reply of another shape is an error, not data.
 */
export async function sendJson<T>(
  method: string,
  url: string,
  body: unknown,
  schema: z.ZodType<T>,
): Promise<T> {
  const response = await apiRequest(method, url, body);
  return schema.parse(await response.json());
}

/** GET `url`; the reply is checked against `schema` (see sendJson). */
export function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  return sendJson('GET', url, undefined, schema);
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A user-facing message for any thrown error (a 5xx's message carries its reference). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

/** `message`, followed by the failure's reference when the server gave one and the message lacks it. */
export function withReference(message: string, error: unknown): string {
  const reference = error instanceof ApiError ? error.reference : null;
  if (!reference || message.includes(reference)) return message;
  return `${message} (reference: ${reference})`;
}
