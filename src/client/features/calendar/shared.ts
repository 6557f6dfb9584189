/** What other features may use of the calendar: the drop-off calendar itself (the admin dashboard's tab). */
export { DropOffCalendar } from './admin-calendar-page.tsx';
