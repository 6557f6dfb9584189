import type { FastifyInstance } from 'fastify';
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import { DEFAULT_LANGUAGE } from '#domain/language.ts';
import { toE164 } from '#domain/phone.ts';
import type { ShopInfo } from '#domain/shop.ts';
import { inboundKeyword } from '#domain/text-messages.ts';
import type { SmsConfig } from '#server/adapters/sms/sms-config.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { optBackIntoTexts, optOutOfTexts } from '#server/features/notifications/shared.ts';
import { hasNul, nulRefused } from '#server/http/reject-nul-text.ts';
import { translator } from '#server/i18n/translator.ts';
import { languageOfNumber } from './service.ts';

type TwilioSms = Extract<SmsConfig, { kind: 'twilio' }>;

export const INVALID_TWILIO_SIGNATURE = 'The request is not signed by Twilio.';

/** Twilio's form posts are small: a message and its metadata. */
const INBOUND_BODY_LIMIT = 16 * 1024;

/**
 * Replies to the shop's texts (Twilio's incoming-message webhook): STOP (or any opt-out reply,
 * English or Spanish, `inboundKeyword`) stops every text to that number at once, START lets them go
 * again, HELP answers with how to reach the shop. Anything else is left for Twilio's own inbox. Only requests Twilio signed with the account's auth token count.
 */
export async function textReplyRoutes(
  app: FastifyInstance,
  deps: { db: Db; sms: TwilioSms; shop: ShopInfo; appUrl: string },
): Promise<void> {
  const webhookUrl = `${deps.appUrl}/api/twilio/inbound`;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: INBOUND_BODY_LIMIT },
      (_request, body, done) => {
        const fields = Object.fromEntries(new URLSearchParams(body as string));
        // As every JSON body (json-body.ts): PostgreSQL cannot store a NUL.
        if (hasNul(fields)) done(nulRefused(), undefined);
        else done(null, fields);
      },
    );
    scope.post('/api/twilio/inbound', async (request, reply) => {
      const params = (request.body ?? {}) as Record<string, string>;
      const signature = request.headers['x-twilio-signature'];
      if (
        typeof signature !== 'string' ||
        !validateRequest(deps.sms.authToken, signature, webhookUrl, params)
      ) {
        throw new AppError('forbidden', INVALID_TWILIO_SIGNATURE);
      }
      const phone = toE164(params.From);
      const keyword = inboundKeyword(params.Body ?? '');
      if (phone && keyword === 'stop') {
        await optOutOfTexts(deps.db, phone);
      } else if (phone && keyword === 'start') {
        await optBackIntoTexts(deps.db, phone);
      }
      const answer =
        keyword === 'help' ? `<Message>${escapeXml(await helpAnswer(deps, phone))}</Message>` : '';
      return reply
        .type('text/xml')
        .send(`<?xml version="1.0" encoding="UTF-8"?><Response>${answer}</Response>`);
    });
  });
}

/** How to reach the shop, in the language of the customer the shop last texted at that number. */
async function helpAnswer(deps: { db: Db; shop: ShopInfo }, phone: string | null): Promise<string> {
  const language = phone ? await languageOfNumber(deps.db, phone) : DEFAULT_LANGUAGE;
  return translator(language)('text.help', { shop: deps.shop.name, phone: deps.shop.phone });
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
