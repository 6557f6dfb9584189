import { tz } from '@date-fns/tz';
import { format, isValid } from 'date-fns';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';

/** "Mar 3, 2:15 PM": a moment on the timeline as the shop's clock read it (Eastern). */
export function shopTime(iso: string): string {
  const date = new Date(iso);
  return isValid(date) ? format(date, 'MMM d, h:mm a', { in: tz(SHOP_TIME_ZONE) }) : iso;
}
