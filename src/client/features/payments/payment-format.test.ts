import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '#client/i18n/format.ts';
import { activateLanguage } from '#client/i18n/i18n.ts';
import { formatMoney as formatDollars } from '#domain/money.ts';
import { paymentDate } from './payment-format.ts';

// activateLanguage, not i18n.loadAndActivate: that replaces the locale's messages, and the files a
// worker runs share this module (isolate: false), so a later file would find its loaded words gone.
afterEach(() => activateLanguage('en'));

describe('payment formats', () => {
  it('writes English amounts exactly as the domain’s formatMoney does', async () => {
    await activateLanguage('en');
    for (const value of ['500.00', '1234.5', '0', null, '-12.30', 1999.99]) {
      expect(formatMoney(value)).toBe(formatDollars(value));
    }
  });

  it('writes amounts and dates for a Spanish reader', async () => {
    await activateLanguage('es');
    expect(formatMoney('1234.50')).toBe('$1,234.50');
    // 03:00 UTC on May 6 is still May 5 at the shop.
    expect(paymentDate(new Date('2026-05-06T03:00:00Z'))).toBe('5 de mayo de 2026');
  });

  it('writes the English date of the shop day', async () => {
    await activateLanguage('en');
    expect(paymentDate(new Date('2026-05-06T03:00:00Z'))).toBe('May 5, 2026');
  });
});
