import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time.ts';

describe('messageTime', () => {
  const now = new Date(2025, 2, 10, 18, 0);

  it('shows only the time for a message sent today', () => {
    expect(messageTime(new Date(2025, 2, 10, 15, 45).toISOString(), now)).toBe('3:45 PM');
  });

  it('adds the day for an older message', () => {
    expect(messageTime(new Date(2025, 2, 4, 9, 5).toISOString(), now)).toBe('Mar 4, 9:05 AM');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(messageTime('not a date', now)).toBe('');
  });
});

describe('messageTime in Spanish', () => {
  const now = new Date(2025, 2, 10, 18, 0);

  it('writes the time and the day the Spanish way', () => {
    expect(messageTime(new Date(2025, 2, 10, 15, 45).toISOString(), now, 'es')).toMatch(/^3:45\sp\.\s?m\.$/);
    expect(messageTime(new Date(2025, 2, 4, 9, 5).toISOString(), now, 'es')).toMatch(
      /^4 mar, 9:05\sa\.\s?m\.$/,
    );
  });
});
