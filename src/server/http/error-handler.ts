import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '#server/app-error.ts';
import { problemMessage } from './problem-message.ts';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';

/**
 * A failure's answer: says little, but gives the request id (also in the `X-Request-Id` header and in
 * the request's log lines), which the user can pass on so the shop finds what happened.
 */
export function serverErrorBody(requestId: string): { message: string; reference: string } {
  return { message: `${GENERIC_5XX} (reference: ${requestId})`, reference: requestId };
}

/**
 * Turns every failure into `{ message }` JSON: 4xx say what to fix, 5xx are logged in full and say
 * little, with a reference (`serverErrorBody`). A Spanish-speaking customer reads it in Spanish
 * (problem-message.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const message = (text: string) => ({ message: problemMessage(request, text) });
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send(message(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(message(validationMessage(error.validation[0])));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(message(clientErrorMessage(error)));
    }
    request.log.error({ err: error }, 'request failed');
    const body = serverErrorBody(request.id);
    return reply.code(500).send({ ...body, ...message(body.message) });
  });

  app.setNotFoundHandler((request, reply) => {
    const text = `Not found: ${request.method} ${request.url.split('?')[0]}`;
    reply.code(404).send({ message: problemMessage(request, text) });
  });
}

/** The longest 4xx message sent: a refusal says what to fix, it never echoes a large request back. */
export const MAX_ERROR_MESSAGE_LENGTH = 300;
/** How many unknown keys a refusal names before "and N more". */
const UNKNOWN_KEYS_NAMED = 3;
const KEY_NAME_LENGTH = 40;

/**
 * zod's message for unknown keys lists every one of them: 90,000 keys sent made a 1 MB answer.
 * Name the first few (each cut short), count the rest, and cap any other message too.
 */
export function validationMessage(
  issue: { message?: string; keyword?: string; params?: unknown } | undefined,
): string {
  const keys = (issue?.params as { keys?: unknown } | undefined)?.keys;
  if (issue?.keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0) {
    const named = keys
      .slice(0, UNKNOWN_KEYS_NAMED)
      .map((key) => JSON.stringify(shorten(String(key), KEY_NAME_LENGTH)));
    const more = keys.length - named.length;
    const list = named.join(', ') + (more > 0 ? ` and ${more} more` : '');
    return `Unrecognized key${keys.length > 1 ? 's' : ''}: ${list}`;
  }
  return shorten(issue?.message || 'Invalid request', MAX_ERROR_MESSAGE_LENGTH);
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    default:
      return shorten(error.message || 'Invalid request', MAX_ERROR_MESSAGE_LENGTH);
  }
}
