import { afterEach, describe, expect, it } from 'vitest';
import { longDate, shopDateTime } from '#client/lib/format-date.ts';
import { formatCents, formatMoney, formatShopDay } from './format.ts';
import { i18n } from './i18n.ts';

function speak(language: 'en' | 'es') {
  i18n.load(language, {});
  i18n.activate(language);
}

afterEach(() => speak('en'));

describe('money and dates in English', () => {
  it('keep the formats the app has always shown', () => {
    speak('en');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatCents(-300)).toBe('-$3.00');
    expect(shopDateTime('2026-03-05T19:30:00.000Z')).toBe('Mar 5, 2026 at 2:30 PM');
    expect(longDate('2025-03-05T14:30:00')).toBe('March 5, 2025');
    expect(formatShopDay('2026-03-05')).toBe('Thursday, March 5, 2026');
  });
});

describe('money and dates in Spanish', () => {
  it('use Florida Spanish, times on the shop’s clock', () => {
    speak('es');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(shopDateTime('2026-03-05T19:30:00.000Z')).toMatch(/^5 mar 2026, 2:30\sp\.\s?m\.$/);
    expect(longDate('2025-03-05T14:30:00')).toBe('5 de marzo de 2025');
    expect(formatShopDay('2026-03-05')).toBe('jueves, 5 de marzo de 2026');
  });

  it('say nothing for what is not a date', () => {
    speak('es');
    expect(shopDateTime('soon')).toBeNull();
    expect(longDate(null)).toBeNull();
    expect(formatShopDay('soon')).toBe('soon');
  });
});
