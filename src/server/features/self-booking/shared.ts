// What the self-booking feature offers the rest of the app: it imports it from here, never from its inner files.

export { dropOffLinkToken } from './drop-off-link.ts';
export { dropOffPageGuard } from './page-guard.ts';
export { sendDropOffReminders } from './reminders.ts';
export { selfBookingRoutes } from './routes.ts';
export type { SelfBookingSettings } from './settings.ts';
