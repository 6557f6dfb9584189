import { format } from 'date-fns';

/** Spec: dates in the Google panel read 'MMM d, yyyy h:mm a' (e.g. 'Mar 2, 2026 3:30 PM'), local time. */
export const GOOGLE_DATE_FORMAT = 'MMM d, yyyy h:mm a';

export function formatGoogleDate(iso: string | null): string {
  if (!iso) return 'Date unknown';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Date unknown' : format(date, GOOGLE_DATE_FORMAT);
}
