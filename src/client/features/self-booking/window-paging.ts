import { firstBookableDay, lastBookableDay } from '#domain/drop-off-slots.ts';
import { DEFAULT_WINDOW_DAYS } from '#domain/self-booking.ts';

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Where the picker's "Later days" page starts: the day after the page shown (which starts at `from`,
 * or at the first day a customer may book), whether or not that page had an open window (a closure
 * may empty two weeks); null once that day is past the customer's booking horizon.
 */
export function laterPageFrom(from: string | null, now: Date = new Date()): string | null {
  const next = addDays(from ?? firstBookableDay(false, now), DEFAULT_WINDOW_DAYS);
  return next <= lastBookableDay(false, now) ? next : null;
}
