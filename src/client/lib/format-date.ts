import { format, isValid, parseISO } from 'date-fns';

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
