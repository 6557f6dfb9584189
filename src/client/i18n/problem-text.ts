import { currentLanguage, spanishProblemText } from './i18n.ts';

/**
 * A problem as the page's reader reads it: a form's validation message (the domain's zod texts) or a
 * server's `{message}`. The English text is the key; Spanish when the page is Spanish and the
 * catalogue knows it, the English as it is otherwise. A server answer already in Spanish (the server
 * translates for a Spanish-speaking customer) is not in the catalogue and passes through unchanged.
 */
export function problemText(message: string): string {
  if (currentLanguage() !== 'es') return message;
  return spanishProblemText(message) ?? message;
}
