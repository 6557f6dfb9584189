import { z } from 'zod';
import { appointmentSchema } from './admin-estimates.ts';

/**
 * GET /api/estimates/{id}/drop-off (owner and staff): the estimate's booked drop-off, the card the
 * customer's estimate page shows beside its "Add to calendar" link; null while nothing is booked.
 */
export const dropOffBookingSchema = z.object({ dropOff: appointmentSchema.nullable() });
export type DropOffBooking = z.infer<typeof dropOffBookingSchema>;

/** The calendar file of the booked drop-off (iCalendar, America/New_York times written in UTC). */
export function dropOffCalendarUrl(estimateId: string): string {
  return `/api/estimates/${encodeURIComponent(estimateId)}/drop-off.ics`;
}
