import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '#domain/language.ts';
import enDocument from './locales/en/document.json' with { type: 'json' };
import enMail from './locales/en/mail.json' with { type: 'json' };
import enNote from './locales/en/note.json' with { type: 'json' };
import enText from './locales/en/text.json' with { type: 'json' };
import esDocument from './locales/es/document.json' with { type: 'json' };
import esMail from './locales/es/mail.json' with { type: 'json' };
import esNote from './locales/es/note.json' with { type: 'json' };
import esText from './locales/es/text.json' with { type: 'json' };

/**
 * What the server sends or prints for a customer, in their language: e-mails (`mail.`), text
 * messages (`text.`), the written estimate and invoice (`document.`), and the notes the app writes in
 * an estimate's conversation (`note.`, read by the shop in English too). One catalog per namespace
 * and language (`locales/<language>/<namespace>.json`, ICU MessageFormat); the shop's own e-mails
 * stay English and are not in them.
 */
export type ServerMessageId =
  | keyof typeof enMail
  | keyof typeof enText
  | keyof typeof enDocument
  | keyof typeof enNote;

/** Message values are strings the caller has formatted for the language; plural counts are numbers. */
export type MessageValues = Record<string, string | number>;

export type Translate = (id: ServerMessageId, values?: MessageValues) => string;

const CATALOGS: Record<Language, Messages> = {
  en: { ...enMail, ...enText, ...enDocument, ...enNote },
  es: { ...esMail, ...esText, ...esDocument, ...esNote },
};

// One instance per language, never the browser's global one: a request in English and a mail in
// Spanish are written side by side. The catalogs are raw ICU text, compiled on first use.
const instances = new Map<Language, I18n>();

function instance(language: Language): I18n {
  let i18n = instances.get(language);
  if (!i18n) {
    i18n = setupI18n({ locale: language, messages: { [language]: CATALOGS[language] } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(language, i18n);
  }
  return i18n;
}

/** `t('mail.quote.subject', { total })` in the given language. */
export function translator(language: Language): Translate {
  const i18n = instance(language);
  return (id, values) => i18n._(id, values);
}
