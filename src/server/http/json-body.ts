import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/app-error.ts';
import { hasNul, nulRefused } from './reject-nul-text.ts';

/**
 * Largest JSON body of a route that does not say otherwise. The app's bodies without long text
 * (sign-in, registration, a quote, a schedule, a payment) are well under 2 KB; a body of 1 MiB cost
 * about 100 ms of the server's only thread to parse and check, for anyone, signed in or not.
 */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/**
 * The body limit of a route carrying up to `characters` characters of text (summed over its text
 * fields): 3 bytes a character, the most UTF-8 takes for one UTF-16 unit, plus the default for the
 * rest of the body.
 */
export function bodyLimitForText(characters: number): number {
  return characters * 3 + DEFAULT_BODY_LIMIT;
}

export const COMPRESSED_BODY_MESSAGE =
  'The request body is compressed (Content-Encoding); please send it uncompressed.';

/** No body of this app nests more than 3 levels; 16 leaves room and stops a parse-and-walk of thousands. */
export const MAX_JSON_DEPTH = 16;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * application/json through Fastify's own parser (secure-json-parse: `__proto__` and `constructor`
 * keys refused), after a scan of the text that refuses nesting deeper than MAX_JSON_DEPTH before
 * anything is parsed, and a body holding the NUL character refused (see reject-nul-text.ts). JSON can
 * only carry a NUL written as the escape `\u0000`, so only a text holding one is walked.
 *
 * A compressed body is refused with 415: the app's own pages never send one, and leaving request
 * decompression out spares every request a hook stage (decision 076).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
      done(new AppError('unsupported_media_type', COMPRESSED_BODY_MESSAGE), undefined);
      return;
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(new AppError('bad_request', TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, (error: Error | null, value?: unknown) => {
      if (!error && text.includes('\\u0000') && hasNul(value)) done(nulRefused(), undefined);
      else done(error, value);
    });
  });
}

/** Whether brackets outside strings nest deeper than `max`; one pass, no parsing. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
