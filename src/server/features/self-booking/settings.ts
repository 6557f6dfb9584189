import type { ShopCalendarFor } from '#server/shop-calendar.ts';

/** What booking a drop-off needs from the configuration. */
export interface SelfBookingSettings {
  /** Signs the reminder's links (the session secret, under a purpose of its own). */
  secret: string;
  appUrl: string;
  shopName: string;
  /** DROP_OFF_CAPACITY: cars per window, whoever books. */
  capacity: number;
  /** The shop's hours, closed dates and holidays for the days asked about. */
  calendarFor: ShopCalendarFor;
  /** The shop's clock; tests pass a fixed one. */
  now?: () => Date;
}
