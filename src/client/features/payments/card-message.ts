import type { MessageId } from '#client/i18n/catalogs.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { CARD_MESSAGES } from '#domain/test-cards.ts';

type CardMessageKey = keyof typeof CARD_MESSAGES;

// The card checks and the test provider speak English (the server sends the same words): each of
// their messages has its translation under payment.card.<key>.
const idByMessage = new Map<string, MessageId>(
  (Object.entries(CARD_MESSAGES) as [CardMessageKey, string][]).map(([key, message]) => [
    message,
    `payment.card.${key}`,
  ]),
);

/** A card check's or card refusal's message in the page's language; other messages as problems. */
export function cardMessageText(
  message: string,
  t: (id: MessageId, values?: Record<string, unknown>) => string,
): string {
  const id = idByMessage.get(message);
  return id ? t(id) : problemText(message);
}
