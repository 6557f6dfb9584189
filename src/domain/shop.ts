import { DEFAULT_WEEKLY_HOURS, formatWeeklyHours, type WeeklyHours } from './shop-hours.ts';

/** The shop's public details. Defaults live here; the server overrides them from the environment. */
export interface ShopInfo {
  name: string;
  phone: string;
  email: string;
  street: string;
  city: string;
  foundedYear: number;
  vehiclesRepaired: string;
  /** The FDACS motor vehicle repair shop registration (F.S. 559.904), printed on estimates and invoices. */
  registrationNumber: string | null;
  /**
   * SHOP_STORAGE_DAILY_RATE: what a finished car left at the shop costs a day ("35.00"), stated on the
   * written estimate (F.S. 559.905) and charged from the fourth business day after the ready notice;
   * null: no storage is charged (decision 072).
   */
  storageDailyRate: string | null;
  /** The business hours, structured: drop-off windows are offered only inside them. */
  weeklyHours: WeeklyHours;
  /** The hours as printed, made from weeklyHours (never edited on their own). */
  hours: { days: string; hours: string }[];
  /** SHOP_CLOSED_DATES: days ('YYYY-MM-DD') the shop is closed besides its weekly closed days. */
  closedDates: string[];
  /** SHOP_FEDERAL_HOLIDAYS: closed on US federal holidays (the server resolves their dates). */
  federalHolidays: boolean;
  /** Within how many hours the shop promises an estimate: the one promise every page and e-mail makes. */
  estimateReplyHours: number;
}

export const DEFAULT_SHOP: ShopInfo = {
  name: 'Lakeside Family Collision',
  phone: '(813) 555-0193',
  email: 'estimates@lakesidefamilycollision.com',
  street: '21730 State Road 54',
  city: "Land O' Lakes, FL 34639",
  foundedYear: 1993,
  vehiclesRepaired: '5000+',
  registrationNumber: null,
  storageDailyRate: null,
  weeklyHours: DEFAULT_WEEKLY_HOURS,
  hours: formatWeeklyHours(DEFAULT_WEEKLY_HOURS),
  closedDates: [],
  federalHolidays: true,
  estimateReplyHours: 24,
};

/** "tel:" link target: digits only, with the US country code. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

/** "Today", "past" and the year are judged on the shop's clock (Land O' Lakes, Florida), not the viewer's or the server's. */
export const SHOP_TIME_ZONE = 'America/New_York';

const shopYearFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** The year on the shop's calendar at this instant (a footer's "©", the years in business). */
export function shopYear(now: Date = new Date()): number {
  return Number(shopYearFormat.format(now));
}

export function yearsInBusiness(foundedYear: number, now = new Date()): number {
  return shopYear(now) - foundedYear;
}
