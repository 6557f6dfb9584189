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
  hours: { days: string; hours: string }[];
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
  hours: [
    { days: 'Monday – Thursday', hours: '8:00 AM – 4:30 PM' },
    { days: 'Friday', hours: '8:00 AM – 1:00 PM' },
    { days: 'Saturday – Sunday', hours: 'Closed' },
  ],
  estimateReplyHours: 24,
};

/** "tel:" link target: digits only, with the US country code. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function yearsInBusiness(foundedYear: number, now = new Date()): number {
  return now.getFullYear() - foundedYear;
}
