import { z } from 'zod';

/**
 * The front desk: what waits for the shop (customers' messages not yet answered) and what waits on
 * the customer (quotes and supplements sent for approval), shared by the server and the dashboard.
 */

/** The inbox shows the first 140 characters of the oldest message waiting. */
export const INBOX_PREVIEW_LENGTH = 140;
/** Far more conversations than a shop leaves unanswered; the oldest come first. */
export const INBOX_LIMIT = 200;

/** GET /api/admin/inbox: one row per estimate whose customer waits for an answer, oldest wait first. */
export const inboxItemSchema = z.object({
  estimateId: z.string(),
  /** "First Last", or the customer's e-mail when they gave no name. */
  customerName: z.string(),
  /** The start of the oldest message not yet answered. */
  preview: z.string(),
  /** When that message was sent (ISO timestamp). */
  waitingSince: z.string(),
  /** How many of the customer's messages wait (the row shows the oldest; "+2 more" the rest). */
  waitingCount: z.number().int(),
  /** The newest of them: "Mark handled" on this row clears up to it, never what came in after. */
  newestWaitingId: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;
export const inboxSchema = z.array(inboxItemSchema);

/**
 * POST /api/admin/estimates/{id}/messages/handled, body optional: `upToMessageId` is the newest customer
 * message the staff member saw; only the waiting messages up to it (in the thread's order) are cleared,
 * so a question written meanwhile stays in the inbox. Without it, every waiting message is cleared.
 */
export const markHandledSchema = z.strictObject({ upToMessageId: z.string().optional() });
export type MarkHandledInput = z.infer<typeof markHandledSchema>;

/** POST /api/admin/estimates/{id}/messages/handled: how many messages it cleared (0 when none waited). */
export const markHandledResultSchema = z.object({ handled: z.number().int() });

/** What the customer is asked to approve: the estimate's quote, or a supplement to approved work. */
export const AWAITING_CUSTOMER_KINDS = ['quote', 'supplement'] as const;

/** GET /api/admin/awaiting-customer: quotes and supplements sent and not answered, oldest first. */
export const awaitingCustomerItemSchema = z.object({
  estimateId: z.string(),
  reference: z.string(),
  kind: z.enum(AWAITING_CUSTOMER_KINDS),
  /** The supplement's number ("Supplement #2"); null for a quote. */
  supplementNumber: z.number().int().nullable(),
  customerName: z.string(),
  /** Decimal string: the quote's total, or the change the supplement asks for. */
  amount: z.string().nullable(),
  /** When it was sent (ISO timestamp). */
  since: z.string(),
});
export type AwaitingCustomerItem = z.infer<typeof awaitingCustomerItemSchema>;
export const awaitingCustomerSchema = z.array(awaitingCustomerItemSchema);

/** The preview of a message: its first characters (whole characters), with "…" when it goes on. */
export function messagePreview(content: string, length = INBOX_PREVIEW_LENGTH): string {
  const characters = Array.from(content.trim().replace(/\s+/g, ' '));
  if (characters.length <= length) return characters.join('');
  return `${characters.slice(0, length).join('').trimEnd()}…`;
}

/** Beside the oldest message's preview: "+1 more", "+3 more" while others wait too; null when it is the only one. */
export function moreWaiting(waitingCount: number): string | null {
  return waitingCount > 1 ? `+${waitingCount - 1} more` : null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long someone has waited, as the desk says it: "just now", "25 min", "2 h", "3 days". */
/** "sent 3 h ago", "sent just now": when the last word went out, for the front desk's lists. */
export function sentAgo(since: string | Date, now: Date = new Date()): string {
  const waited = waitedFor(since, now);
  return waited === 'just now' ? 'sent just now' : `sent ${waited} ago`;
}

export function waitedFor(since: string | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(since).getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 day' : `${days} days`;
}
