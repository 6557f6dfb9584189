import type { IncomingMessage } from 'node:http';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerRequest } from 'srvx';
import { NodeRequest, sendNodeResponse } from 'srvx/node';
import { MAX_PHOTO_BYTES, RESUMABLE_UPLOAD_PATH } from '#domain/photos.ts';
import { AppError } from '#server/app-error.ts';
import { tooLargeError } from '#server/features/photos/shared.ts';
import { serverErrorBody } from '#server/http/error-handler.ts';
import { problemMessage } from '#server/http/problem-message.ts';
import { requireUser } from '#server/http/route-helpers.ts';
import {
  assertOwnUpload,
  finishCompleteUpload,
  finishResumableUpload,
  type ResumableDeps,
  startResumableUpload,
  UPLOAD_CONCAT_UNSUPPORTED,
  UPLOAD_LENGTH_REQUIRED,
  UPLOAD_NOT_FOUND,
} from './resumable-service.ts';

const UPLOAD_BODY_TYPE = 'Send the photo’s bytes as application/offset+octet-stream.';
const UPLOAD_NO_BODY = 'This request takes no body.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CLEAN_UP_EVERY_MS = 60 * 60 * 1000;

/**
 * Resumable photo uploads (the tus protocol, tus.io): POST `/api/uploads/tus` with `Upload-Length`
 * starts one and answers its `Location` (`/api/uploads/tus/{photoId}`); PATCH sends the bytes from
 * `Upload-Offset` on, in as many requests as it takes; HEAD says how far it got, so a phone that lost
 * its signal carries on where it stopped. The last PATCH checks the image like any upload and answers
 * its `Photo-URL` (`/api/photos/{photoId}`), which POST /api/estimates/batch-create then accepts.
 *
 * The rules (signed in, whose upload, size, rate limit) are this app's, checked here with its usual
 * JSON refusals; then the request goes to @tus/server untouched (Fastify never reads its body).
 */
export function resumableUploadRoutes(app: FastifyInstance, deps: ResumableDeps): void {
  // The upload id this app checked (HEAD, PATCH, DELETE) or chose (POST) for each request.
  const uploadIds = new WeakMap<IncomingMessage, string>();
  // What made tus answer a 5xx, for the request's log.
  const failures = new WeakMap<IncomingMessage, unknown>();
  const nodeRequest = (request: ServerRequest) => request.runtime?.node?.req as IncomingMessage;

  const tus = new TusServer({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: deps.resumable,
    maxSize: MAX_PHOTO_BYTES,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    // tus's own reading takes the id off the end of the whole URL, query string included, so
    // `/tus/B?/A` would name A while the app checked B: the id is read from the path, as Fastify does.
    getFileIdFromRequest: (request) => uploadIdFromPath(new URL(request.url).pathname),
    // And tus acts on no upload but the one this app checked, whatever it read.
    onIncomingRequest: async (request, id) => {
      if (id !== uploadIds.get(nodeRequest(request))) {
        throw { status_code: 404, body: JSON.stringify({ message: UPLOAD_NOT_FOUND }) };
      }
    },
    namingFunction: (request) => {
      const id = uploadIds.get(nodeRequest(request));
      if (!id) throw new Error('A resumable upload was started without its photo row.');
      return id;
    },
    onUploadFinish: async (_request, upload) => {
      try {
        return { headers: { 'Photo-URL': await finishResumableUpload(deps, upload.id) } };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw { status_code: error.statusCode, body: JSON.stringify({ message: error.message }) };
      }
    },
    onResponseError: (request, error) => {
      failures.set(nodeRequest(request), error);
      return undefined;
    },
  });

  app.register(async (scope) => {
    // The bytes stream straight into the upload store: Fastify must not read (or limit) the body.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    const handler = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const user = requireUser(request);
      // The store has no concatenation, so tus would answer 501; this API answers a request it does
      // not take with a 4xx that says what to do instead, never a 5xx.
      if (request.headers['upload-concat'] !== undefined) {
        throw new AppError('bad_request', UPLOAD_CONCAT_UNSUPPORTED);
      }
      if (request.method === 'POST') {
        checkUploadLength(request.headers['upload-length']);
        checkCreationBody(request.headers);
        const photoId = await startResumableUpload(
          deps,
          user,
          parseMetadata(request.headers['upload-metadata']),
        );
        uploadIds.set(request.raw, photoId);
      } else {
        const id = request.params.id ?? '';
        if (!UUID.test(id)) throw new AppError('not_found', UPLOAD_NOT_FOUND);
        if (request.method !== 'PATCH') checkNoBody(request.headers);
        await assertOwnUpload(deps, user, id);
        uploadIds.set(request.raw, id);
      }
      reply.header('cache-control', 'no-store');
      if (request.method === 'HEAD') {
        const finished = await finishCompleteUpload(deps, request.params.id ?? '');
        if (finished) return answerFinished(reply, finished);
      }
      const answer = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
      if (answer.status >= 400) {
        // tus refuses in plain text; this API refuses in JSON with a message, like every other route.
        for (const name of ['tus-resumable', 'upload-offset', 'connection']) {
          const value = answer.headers.get(name);
          if (value !== null) reply.header(name, value);
        }
        // tus's text for an unknown error is the error's own message (a query, an internal address):
        // logged with the request, never shown. (Its 501 is handled below as the request's fault.)
        if (answer.status >= 500 && answer.status !== 501) {
          request.log.error({ err: failures.get(request.raw) }, 'request failed');
          const body = serverErrorBody(request.id);
          return reply.code(500).send({ ...body, message: problemMessage(request, body.message) });
        }
        const message = problemMessage(request, tusMessage(await answer.text()));
        // tus's 501 means "an extension this store lacks": the request's fault here, not the server's.
        return reply.code(answer.status === 501 ? 400 : answer.status).send({ message });
      }
      // A success streams as tus wrote it, with the headers set so far (security headers).
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.hijack();
      await sendNodeResponse(reply.raw, answer);
    };
    scope.route({ method: 'POST', url: RESUMABLE_UPLOAD_PATH, handler });
    scope.route({ method: ['HEAD', 'PATCH', 'DELETE'], url: `${RESUMABLE_UPLOAD_PATH}/:id`, handler });
  });

  const timer = setInterval(() => {
    tus.cleanUpExpiredUploads().catch((error: unknown) => {
      app.log.warn({ err: error }, 'could not clean up expired resumable uploads');
    });
  }, CLEAN_UP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/** The upload id in a path `/api/uploads/tus/{id}`, decoded as Fastify decodes its `:id`. */
function uploadIdFromPath(pathname: string): string | undefined {
  const prefix = `${RESUMABLE_UPLOAD_PATH}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/** A HEAD's answer for an upload the app has just finished as a photo: all of it is here. */
function answerFinished(reply: FastifyReply, finished: { size: number; photoURL: string }): FastifyReply {
  return reply
    .headers({
      'tus-resumable': '1.0.0',
      'upload-offset': String(finished.size),
      'upload-length': String(finished.size),
      'photo-url': finished.photoURL,
    })
    .send();
}

/** The message of a tus refusal: ours (JSON, from onUploadFinish) as it is, tus's own text trimmed. */
function tusMessage(body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message;
    }
  } catch {
    // tus's own plain-text reason.
  }
  return body.trim() || 'The upload could not continue.';
}

/**
 * A POST may carry the first bytes of the photo (tus creation-with-upload), as the photo's bytes only:
 * anything else sent with it would be silently ignored, so it is refused.
 */
function checkCreationBody(headers: FastifyRequest['headers']): void {
  if (!hasBody(headers)) return;
  if (headers['content-type'] !== 'application/offset+octet-stream') {
    throw new AppError('bad_request', UPLOAD_BODY_TYPE);
  }
  if (Number(headers['content-length'] ?? 0) > MAX_PHOTO_BYTES) throw tooLargeError();
}

/** HEAD asks how far an upload got and DELETE cancels it: a body sent with either would be ignored. */
function checkNoBody(headers: FastifyRequest['headers']): void {
  if (hasBody(headers)) throw new AppError('bad_request', UPLOAD_NO_BODY);
}

function hasBody(headers: FastifyRequest['headers']): boolean {
  return Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;
}

/** The size must be known from the start (no deferred length) and within the photo limit. */
function checkUploadLength(header: string | string[] | undefined): void {
  const value = typeof header === 'string' ? header : undefined;
  if (value === undefined || !/^\d{1,12}$/.test(value)) {
    throw new AppError('bad_request', UPLOAD_LENGTH_REQUIRED);
  }
  if (Number(value) > MAX_PHOTO_BYTES) throw tooLargeError();
}

/** tus `Upload-Metadata`: comma-separated `key base64value` pairs (a value may be absent). */
export function parseMetadata(header: string | string[] | undefined): Record<string, string | null> {
  const metadata: Record<string, string | null> = {};
  if (typeof header !== 'string') return metadata;
  for (const pair of header.split(',').slice(0, 20)) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8').slice(0, 200) : null;
  }
  return metadata;
}
