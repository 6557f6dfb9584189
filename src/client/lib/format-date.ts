import { tz } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';

/** "March 5, 2025"; null when the value is missing or not a date. */
export function longDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMMM d, yyyy') : null;
}

/** "12,345 miles"; null when the odometer reading is unknown. */
export function milesText(mileage: number | null | undefined): string | null {
  if (mileage === null || mileage === undefined) return null;
  return `${mileage.toLocaleString('en-US')} miles`;
}

/**
 * "Mar 5, 2026 at 2:30 PM": an instant as the shop's clock (America/New_York) read it, wherever the
 * viewer is: the shop says "we started the paint at 2:30", not the customer's laptop. Null when the
 * value is missing or not a date.
 */
export function shopDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return isValid(date) ? format(date, "MMM d, yyyy 'at' h:mm a", { in: tz(SHOP_TIME_ZONE) }) : null;
}
