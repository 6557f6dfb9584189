import { describe, expect, it } from 'vitest';
import { CUSTOMER_BOOKING_HORIZON_DAYS } from '#domain/drop-off-slots.ts';
import { DEFAULT_WINDOW_DAYS } from '#domain/self-booking.ts';
import { laterPageFrom } from './window-paging.ts';

/** Noon on Wednesday 4 March 2026 at the shop. */
const now = new Date('2026-03-04T17:00:00Z');

describe("the window picker's later page", () => {
  it('starts two weeks after the page shown, from tomorrow for the first page', () => {
    expect(DEFAULT_WINDOW_DAYS).toBe(14);
    expect(laterPageFrom(null, now)).toBe('2026-03-19');
    // A page with no open window at all (a closure) still pages on.
    expect(laterPageFrom('2026-03-19', now)).toBe('2026-04-02');
  });

  it('stops at the booking horizon', () => {
    expect(CUSTOMER_BOOKING_HORIZON_DAYS).toBe(90);
    // The horizon is 2 June 2026 (90 days after 4 March).
    expect(laterPageFrom('2026-05-19', now)).toBe('2026-06-02');
    expect(laterPageFrom('2026-05-20', now)).toBeNull();
    expect(laterPageFrom('2035-01-01', now)).toBeNull();
  });
});
