import { z } from 'zod';
import { PAYMENT_STATUSES } from './payments.ts';
import { STATUS_LINK_NOT_VALID } from './status-links.ts';

/**
 * The payment link: a signed address staff send to a customer by e-mail and text, that opens a page
 * without signing in and takes the balance due by card. It names the estimate, never an amount: the
 * server works out what is due each time the page is read or paid.
 */

/** A link works for this many days after it is sent. */
export const PAYMENT_LINK_TTL_DAYS = 7;

/** The page's path in the browser app: `/pay/<estimate id>.<expiry>.<signature>`. */
export const paymentLinkPath = (token: string) => `/pay/${token}`;

/** What a wrong, tampered or expired link answers, all alike (the status link's words). */
export const PAYMENT_LINK_NOT_VALID = STATUS_LINK_NOT_VALID;

/** A link whose bill has nothing left to pay: the API refuses it (410), the page says so kindly. */
export const PAYMENT_LINK_PAID = 'This bill is paid in full. Thank you!';

/** A link to a bill that cannot be paid online any more (cancelled, changed): the API refuses it (410). */
export const PAYMENT_LINK_CLOSED = 'This bill cannot be paid online any more. Please call the shop.';

/** Staff cannot send a link when nothing is due. */
export const NOTHING_DUE = 'Nothing is due on this estimate: there is nothing to send a payment link for.';

/** POST /api/admin/estimates/{id}/payment-link (staff). */
export const createdPaymentLinkSchema = z.object({ url: z.string() });
export type CreatedPaymentLink = z.infer<typeof createdPaymentLinkSchema>;

/**
 * GET /api/pay/{token}: what whoever holds the link may read. The shop, the vehicle (year, make and
 * model) and the amount due: no name, address, plate, lines, photos, nor the estimate's id.
 */
export const paymentLinkPageSchema = z.object({
  shop: z.object({ name: z.string(), phone: z.string() }),
  vehicle: z
    .object({ year: z.number().nullable(), make: z.string().nullable(), model: z.string().nullable() })
    .nullable(),
  /** Decimal string ("226.51"), worked out when the page is read. */
  amountDue: z.string(),
  /** When this link stops working (ISO time). */
  expiresAt: z.string(),
});
export type PaymentLinkPage = z.infer<typeof paymentLinkPageSchema>;

/** POST /api/pay/{token}/confirm: whether the payment made through the link went through. */
export const paymentLinkConfirmSchema = z.object({
  paymentIntentId: z.string().min(1, 'Payment not found').max(255, 'Payment not found'),
});
export const paymentLinkConfirmationSchema = z.object({
  status: z.enum(PAYMENT_STATUSES),
  /** What this payment charged, as a decimal string. */
  amountPaid: z.string(),
  failureMessage: z.string().nullable(),
});
export type PaymentLinkConfirmation = z.infer<typeof paymentLinkConfirmationSchema>;
