import type { FastifyRequest } from 'fastify';
import { spanishProblem } from '#domain/problem-messages.ts';
import { answerLanguage } from './request-language.ts';

/**
 * A `{message}` as the request's reader reads it: the English text (the API's contract), or its
 * Spanish for a Spanish-speaking customer when the catalogue knows it (decision 054).
 */
export function problemMessage(request: FastifyRequest, message: string): string {
  if (answerLanguage(request) !== 'es') return message;
  return spanishProblem(message) ?? message;
}
