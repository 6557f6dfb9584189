import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time.ts';

// Instants in UTC; the shop's clock is Eastern (UTC-5 in winter, UTC-4 from March 8, 2026).
describe('messageTime', () => {
  const now = new Date('2025-03-10T22:00:00Z'); // 6:00 PM at the shop

  it('shows only the time for a message sent today, on the shop clock', () => {
    expect(messageTime('2025-03-10T19:45:00Z', now)).toBe('3:45 PM');
  });

  it('adds the day for an older message', () => {
    expect(messageTime('2025-03-04T14:05:00Z', now)).toBe('Mar 4, 9:05 AM');
  });

  it("reads the day on the shop's calendar, not the device's: 2:30 AM UTC is the evening before", () => {
    const morning = new Date('2026-01-14T12:00:00Z');
    expect(messageTime('2026-01-14T02:30:00Z', morning)).toBe('Jan 13, 9:30 PM');
    expect(messageTime('2026-01-14T02:30:00Z', new Date('2026-01-14T03:00:00Z'))).toBe('9:30 PM');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(messageTime('not a date', now)).toBe('');
  });
});

describe('messageTime in Spanish', () => {
  const now = new Date('2025-03-10T22:00:00Z');

  it('writes the time and the day the Spanish way, on the shop clock', () => {
    expect(messageTime('2025-03-10T19:45:00Z', now, 'es')).toMatch(/^3:45\sp\.\s?m\.$/);
    expect(messageTime('2025-03-04T14:05:00Z', now, 'es')).toMatch(/^4 mar, 9:05\sa\.\s?m\.$/);
  });
});
