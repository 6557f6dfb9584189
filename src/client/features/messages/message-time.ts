import { format, isSameDay, isValid, parseISO } from 'date-fns';

/** "3:45 PM" for today, "Mar 4, 3:45 PM" for earlier days. */
export function messageTime(createdAt: string, now = new Date()): string {
  const date = parseISO(createdAt);
  if (!isValid(date)) return '';
  return isSameDay(date, now) ? format(date, 'h:mm a') : format(date, 'MMM d, h:mm a');
}
