import { format, isSameDay, isValid, parseISO } from 'date-fns';
import { intlLocale, type Language } from '#domain/language.ts';

/** "3:45 PM" for today, "Mar 4, 3:45 PM" for earlier days; in Spanish "3:45 p. m.", "4 mar, 3:45 p. m.". */
export function messageTime(createdAt: string, now = new Date(), language: Language = 'en'): string {
  const date = parseISO(createdAt);
  if (!isValid(date)) return '';
  const today = isSameDay(date, now);
  if (language === 'en') return today ? format(date, 'h:mm a') : format(date, 'MMM d, h:mm a');
  const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  return new Intl.DateTimeFormat(
    intlLocale(language),
    today ? time : { ...time, month: 'short', day: 'numeric' },
  ).format(date);
}
