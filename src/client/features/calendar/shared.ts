/** What other features may use of the calendar: the drop-off calendar itself (the admin dashboard's tab), and its month's data (the front desk's drop-offs and cars due out today). */
export { DropOffCalendar } from './admin-calendar-page.tsx';
export { calendarQuery } from './api/get-calendar.ts';
