import { describe, expect, it } from 'vitest';
import {
  longDate,
  milesText,
  shopDateTime,
  shopDay,
  shopShortDay,
  shopTimestamp,
  shortDate,
} from './format-date.ts';

describe('longDate', () => {
  it('writes the month out', () => {
    expect(longDate('2025-03-05T14:30:00')).toBe('March 5, 2025');
  });

  it('gives null for a missing or unreadable date', () => {
    expect(longDate(null)).toBeNull();
    expect(longDate('')).toBeNull();
    expect(longDate('soon')).toBeNull();
  });
});

describe('milesText', () => {
  it('uses a thousands separator', () => {
    expect(milesText(128450)).toBe('128,450 miles');
    expect(milesText(0)).toBe('0 miles');
  });

  it('gives null when the reading is unknown', () => {
    expect(milesText(null)).toBeNull();
  });
});

describe('shopDateTime', () => {
  it('reads the instant on the shop’s clock, daylight saving included', () => {
    expect(shopDateTime('2026-03-05T19:30:00.000Z')).toBe('Mar 5, 2026 at 2:30 PM');
    expect(shopDateTime('2026-07-01T12:05:00.000Z')).toBe('Jul 1, 2026 at 8:05 AM');
  });

  it('gives null for a missing or unreadable date', () => {
    expect(shopDateTime(undefined)).toBeNull();
    expect(shopDateTime('soon')).toBeNull();
  });
});

describe('in Spanish', () => {
  it('writes dates as a Spanish reader in the US expects them', () => {
    expect(longDate('2025-03-05T14:30:00', 'es')).toBe('5 de marzo de 2025');
    expect(shortDate('2025-03-05T14:30:00', 'es')).toBe('5 mar 2025');
    expect(milesText(128450, 'es')).toBe('128,450 millas');
  });

  it('reads the instant on the shop’s clock', () => {
    expect(shopDateTime('2026-03-05T19:30:00.000Z', 'es')).toBe('5 mar 2026, 2:30 p.m.');
    expect(shopTimestamp('2026-07-01T12:05:00.000Z', 'es')).toBe('1 jul 2026, 8:05 a.m.');
  });

  it('gives null for a missing or unreadable date', () => {
    expect(longDate('soon', 'es')).toBeNull();
    expect(shopDateTime(null, 'es')).toBeNull();
  });
});

describe('shortDate and shopTimestamp in English', () => {
  it('keep the short month', () => {
    expect(shortDate('2025-03-05T14:30:00')).toBe('Mar 5, 2025');
    expect(shopTimestamp('2026-03-05T19:30:00.000Z')).toBe('Mar 5, 2026 2:30 PM');
  });
});

describe('shopDay and shopShortDay', () => {
  it('read the day on the shop’s calendar, not the viewer’s', () => {
    // 02:30 UTC on 6 March is still 5 March in Land O' Lakes (EST, UTC−5).
    expect(shopDay('2026-03-06T02:30:00.000Z', 'en')).toBe('March 5, 2026');
    expect(shopShortDay('2026-03-06T02:30:00.000Z', 'en')).toBe('Mar 5, 2026');
    expect(shopDay('2026-03-06T02:30:00.000Z', 'es')).toBe('5 de marzo de 2026');
  });

  it('give null for a missing or unreadable date', () => {
    expect(shopDay(null)).toBeNull();
    expect(shopShortDay('soon')).toBeNull();
  });
});
