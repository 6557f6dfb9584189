import { describe, expect, it } from 'vitest';
import { formatGoogleDate } from './format-google-date.ts';

describe('formatGoogleDate', () => {
  it("reads 'MMM d, yyyy h:mm a' in local time", () => {
    const local = new Date(2026, 2, 2, 15, 30);
    expect(formatGoogleDate(local.toISOString())).toBe('Mar 2, 2026 3:30 PM');
    expect(formatGoogleDate(new Date(2026, 11, 24, 0, 5).toISOString())).toBe('Dec 24, 2026 12:05 AM');
  });

  it('says so when there is no usable date', () => {
    expect(formatGoogleDate(null)).toBe('Date unknown');
    expect(formatGoogleDate('not a date')).toBe('Date unknown');
  });
});
