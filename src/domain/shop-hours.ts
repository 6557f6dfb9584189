/**
 * The shop's business hours, structured: the one source of the hours the site prints and of the
 * drop-off windows it offers (decision 061).
 */

/** One day's hours, 24-hour 'HH:MM' at the shop. */
export interface OpeningHours {
  open: string;
  close: string;
}

/** Seven entries, Sunday first (as Date.getUTCDay counts); null is a day the shop is closed. */
export type WeeklyHours = readonly (OpeningHours | null)[];

const WEEKDAY_HOURS: OpeningHours = { open: '08:00', close: '16:30' };

/** Monday to Thursday 8:00 AM to 4:30 PM, Friday until 1:00 PM, closed at weekends. */
export const DEFAULT_WEEKLY_HOURS: WeeklyHours = [
  null,
  WEEKDAY_HOURS,
  WEEKDAY_HOURS,
  WEEKDAY_HOURS,
  WEEKDAY_HOURS,
  { open: '08:00', close: '13:00' },
  null,
];

export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Minutes after midnight of an 'HH:MM' time. */
export function minutesOf(time: string): number {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
}

/** '4:30 PM' for '16:30'. */
export function clockLabel(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  return `${((hour + 11) % 12) + 1}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
}

/** '8:00 AM – 4:30 PM', or 'Closed'. */
export function hoursLabel(hours: OpeningHours | null): string {
  return hours ? `${clockLabel(hours.open)} – ${clockLabel(hours.close)}` : 'Closed';
}

/**
 * The hours as the site prints them, Monday first, neighbouring days with the same hours in one
 * line: "Monday – Thursday: 8:00 AM – 4:30 PM", "Friday: 8:00 AM – 1:00 PM", "Saturday – Sunday: Closed".
 */
export function formatWeeklyHours(weekly: WeeklyHours): { days: string; hours: string }[] {
  const mondayFirst = [1, 2, 3, 4, 5, 6, 0];
  const lines: { first: number; last: number; hours: string }[] = [];
  for (const day of mondayFirst) {
    const hours = hoursLabel(weekly[day] ?? null);
    const previous = lines.at(-1);
    if (previous && previous.hours === hours) previous.last = day;
    else lines.push({ first: day, last: day, hours });
  }
  return lines.map(({ first, last, hours }) => ({
    days: first === last ? `${DAY_NAMES[first]}` : `${DAY_NAMES[first]} – ${DAY_NAMES[last]}`,
    hours,
  }));
}
