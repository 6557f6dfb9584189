import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PHOTO_BYTES, PHOTO_STEPS, type PhotoStepId, uploadTicketSchema } from '#domain/photos.ts';
import { tooLargeError } from '#server/features/photos/shared.ts';
import { errorBody, requireUser } from '#server/http/route-helpers.ts';
import { createUploadTicket, receiveUpload, type UploadDeps } from './service.ts';

const ticketRequest = z
  .object({
    step: z.enum(PHOTO_STEPS.map((step) => step.id) as [PhotoStepId, ...PhotoStepId[]]).optional(),
    // Any length: one over the photo limit is answered 413 in the shop's words, not 400.
    size: z.number().int().nonnegative().optional(),
  })
  .nullish();

export function uploadRoutes(app: FastifyInstance, deps: UploadDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * No body needed; `{ step }` may say which photo step the upload is for, `{ size }` the file's
   * length, which an S3 upload URL is then signed for.
   */
  r.post(
    '/api/objects/upload',
    { schema: { body: ticketRequest, response: { 200: uploadTicketSchema, '4xx': errorBody } } },
    async (request) =>
      createUploadTicket(deps, requireUser(request), {
        step: request.body?.step ?? null,
        size: request.body?.size ?? null,
      }),
  );

  // With S3 the browser sends the bytes to the bucket; only disk uploads come through the app.
  if (deps.store.createUploadUrl) return;

  app.register(async (scope) => {
    // Here, and only here, the body is the raw image, whatever content type the browser gives it:
    // the bytes themselves are checked, so the declared type is not trusted anyway.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/objects/upload/:token',
      {
        bodyLimit: MAX_PHOTO_BYTES,
        schema: {
          params: z.object({ token: z.string().max(200) }),
          response: { 200: z.object({ photoURL: z.string() }), '4xx': errorBody },
        },
        errorHandler(error: FastifyError) {
          // Fastify refuses an oversized body before reading it; say so in the shop's words.
          throw error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? tooLargeError() : error;
        },
      },
      async (request, reply) => {
        const { photoURL, etag } = await receiveUpload(
          deps,
          requireUser(request),
          request.params.token,
          request.body,
        );
        return reply.header('etag', etag).send({ photoURL });
      },
    );
  });
}
