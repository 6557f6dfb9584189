import { describe, expect, it } from 'vitest';
import { confirmIntent } from './confirm-intent.ts';

const booking = { id: 'a1', date: '2026-03-05', confirmedAt: null };
const today = '2026-03-04';

describe("a reminder's confirm link", () => {
  it('confirms the booking it names, once', () => {
    expect(confirmIntent('a1', booking, today)).toBe('confirm');
    expect(confirmIntent('a1', { ...booking, confirmedAt: '2026-03-04T15:00:00Z' }, today)).toBe('none');
  });

  it('confirms nothing by itself once the booking was moved, and says so', () => {
    expect(confirmIntent('a0', { ...booking, id: 'b2' }, today)).toBe('moved');
  });

  it('does nothing for a past booking, no booking, or an old link without the booking', () => {
    expect(confirmIntent('a1', booking, '2026-03-06')).toBe('none');
    expect(confirmIntent('a1', null, today)).toBe('none');
    expect(confirmIntent('1', booking, today)).toBe('none');
    expect(confirmIntent(null, booking, today)).toBe('none');
  });
});
