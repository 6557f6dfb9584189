import { intlLocale, type Language } from '#domain/language.ts';

const ENGLISH_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The shop's opening days as configured ("Monday – Thursday", in English) in the page's language:
 * each English day name becomes the language's own (from Intl, so no list to keep), the rest stays.
 */
export function localDays(days: string, language: Language): string {
  if (language === 'en') return days;
  const names = new Intl.DateTimeFormat(intlLocale(language), { weekday: 'long', timeZone: 'UTC' });
  return ENGLISH_DAYS.reduce((text, english, index) => {
    // 2023-01-01 was a Sunday.
    const local = names.format(new Date(Date.UTC(2023, 0, 1 + index)));
    return text.replaceAll(english, local.charAt(0).toUpperCase() + local.slice(1));
  }, days);
}

/** The configured hours of a day, with "Closed" in the page's language. */
export function localHours(hours: string, closed: string): string {
  return hours.trim().toLowerCase() === 'closed' ? closed : hours;
}
