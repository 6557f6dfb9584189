import { describe, expect, it } from 'vitest';
import type { MessageId } from '#client/i18n/catalogs.ts';
import english from '#client/i18n/locales/en/payment.json';
import { CARD_MESSAGES } from '#domain/test-cards.ts';
import { cardMessageText } from './card-message.ts';

const inEnglish = (id: MessageId) => (english as Record<string, string>)[id] ?? id;

describe('cardMessageText', () => {
  it('finds a catalog message for every card message, worded as the domain words it in English', () => {
    for (const message of Object.values(CARD_MESSAGES)) {
      expect(cardMessageText(message, inEnglish)).toBe(message);
    }
  });

  it('passes any other message on as a problem', () => {
    expect(cardMessageText('Something else.', inEnglish)).toBe('Something else.');
  });
});
