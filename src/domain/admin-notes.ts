import { z } from 'zod';
import { ESTIMATE_STATUSES, type EstimateStatus } from './estimate-status.ts';
import { toCents } from './money.ts';
import { PAYMENT_METHODS, type PaymentMethod } from './recorded-payments.ts';
import { ESTIMATE_CHOICES } from './repair-authorization.ts';
import { CONSENT_METHODS, type ConsentMethod } from './supplements.ts';

/**
 * The notes the app writes in an estimate's conversation when the shop (or the customer) acts: a
 * quote, a drop-off, a status change, a supplement, an approval, a payment. Each is a kind and its
 * values, never finished words: the values are raw data (cents, ISO dates, status and method codes,
 * and the people's own words as written), and each reader sees the note in their language
 * (`src/server/i18n/note-text.ts`; decision 068). The shop reads English, a Spanish-speaking customer
 * Spanish.
 */

const cents = z.number().int();
const consentSchema = z.object({
  method: z.enum(CONSENT_METHODS),
  /** Who gave the consent, as staff wrote it down (the customer's own name for an online answer). */
  name: z.string().nullable(),
  /** The staff member who recorded an answer given by phone or in person; null when given online. */
  recordedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type NoteConsent = z.infer<typeof consentSchema>;

/** What a signed repair authorisation chose: the written-estimate choice (with its limit) and the parts. */
const authorizationTermsSchema = z.object({
  choice: z.enum(ESTIMATE_CHOICES),
  /** The limit of the "limit" choice; null for the others. */
  limit: cents.nullable(),
  partsBack: z.boolean(),
});
export type AuthorizationTerms = z.infer<typeof authorizationTermsSchema>;

/** Every note kind with its values: what is stored in `messages.note_kind` and `note_values`. */
export const noteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('quote'),
    values: z.object({ total: cents, customerShare: cents.nullable(), insurance: cents.nullable() }),
  }),
  z.object({
    kind: z.literal('drop_off'),
    values: z.object({ date: z.string(), slot: z.string(), instructions: z.string().nullable() }),
  }),
  z.object({ kind: z.literal('reschedule'), values: z.object({ vehicle: z.string().nullable() }) }),
  // Decision 070: the customer's own booking, their cancellation, and a missed drop-off.
  z.object({ kind: z.literal('drop_off_online'), values: z.object({ date: z.string(), slot: z.string() }) }),
  z.object({
    kind: z.literal('drop_off_cancelled'),
    values: z.object({ date: z.string(), slot: z.string() }),
  }),
  z.object({
    kind: z.literal('no_show'),
    values: z.object({ date: z.string(), slot: z.string(), bookingUrl: z.string() }),
  }),
  z.object({ kind: z.literal('status_change'), values: z.object({ status: z.enum(ESTIMATE_STATUSES) }) }),
  z.object({
    kind: z.literal('supplement_sent'),
    values: z.object({ number: z.number().int(), reason: z.string(), change: cents, newTotal: cents }),
  }),
  z.object({
    kind: z.literal('supplement_decision'),
    values: z.object({
      number: z.number().int(),
      decision: z.enum(['approved', 'declined']),
      change: cents,
      consent: consentSchema,
    }),
  }),
  z.object({
    kind: z.literal('approval'),
    values: z.object({
      amount: cents,
      declined: z.array(z.object({ description: z.string(), amount: cents })),
      /** How the shop recorded the customer's consent; null when the customer approved online. */
      consent: consentSchema.nullable(),
    }),
  }),
  z.object({
    kind: z.literal('payment_received'),
    values: z.object({ amount: cents, cardLast4: z.string().nullable(), testMode: z.boolean() }),
  }),
  z.object({
    kind: z.literal('payment_recorded'),
    values: z.object({ amount: cents, method: z.enum(PAYMENT_METHODS), reference: z.string().nullable() }),
  }),
  // Decision 071: a signed repair authorisation replaced by a new one.
  z.object({
    kind: z.literal('authorization_replaced'),
    values: z.object({
      before: authorizationTermsSchema,
      after: authorizationTermsSchema,
      reason: z.string(),
    }),
  }),
]);
export type Note = z.infer<typeof noteSchema>;
export type NoteKind = Note['kind'];
export type NoteValues<K extends NoteKind> = Extract<Note, { kind: K }>['values'];

type Amount = string | number | null | undefined;
const centsOf = (value: Amount): number => toCents(value) ?? 0;
const blankToNull = (text: string | null | undefined): string | null => text?.trim() || null;

/**
 * The quote's total and, when the insurer pays part of it, the customer's part and the insurer's (a
 * bill insurance pays none of is told as the total alone, as the desk's quote tells it).
 */
export function quoteNote({
  estimatedAmount,
  customerDeductible,
  insuranceCoverage,
}: {
  estimatedAmount: Amount;
  customerDeductible?: Amount;
  insuranceCoverage?: Amount;
}): Note {
  const insurance = centsOf(insuranceCoverage);
  const split = insurance > 0;
  return {
    kind: 'quote',
    values: {
      total: centsOf(estimatedAmount),
      customerShare: split ? centsOf(customerDeductible) : null,
      insurance: split ? insurance : null,
    },
  };
}

/** The booked drop-off: its day ('YYYY-MM-DD'), its window's id ('08:00-10:00') and the shop's instructions. */
export function dropOffNote({
  date,
  slot,
  instructions,
}: {
  date: string;
  slot: string;
  instructions?: string | null;
}): Note {
  return { kind: 'drop_off', values: { date, slot, instructions: blankToNull(instructions) } };
}

/** The drop-off is off and a new time is needed for this vehicle ('2017 Subaru Outback', or none named). */
export function rescheduleNote(vehicle: string | null): Note {
  return { kind: 'reschedule', values: { vehicle: blankToNull(vehicle) } };
}

/** 'Status changed to: {status}', for a move the shop made without words of its own. */
export function statusChangeNote(status: EstimateStatus): Note {
  return { kind: 'status_change', values: { status } };
}

/** A supplement sent for the customer's consent: its number, why, the change and the new total. */
export function supplementSentNote(s: {
  number: number;
  reason: string;
  amount: Amount;
  newTotal: Amount;
}): Note {
  return {
    kind: 'supplement_sent',
    values: { number: s.number, reason: s.reason, change: centsOf(s.amount), newTotal: centsOf(s.newTotal) },
  };
}

/** A supplement's answer: online by the customer, or recorded by staff (how, from whom, by whom). */
export function supplementDecisionNote(s: {
  number: number;
  decision: 'approved' | 'declined';
  amount: Amount;
  method: ConsentMethod;
  name: string | null;
  recordedBy: string | null;
  note: string | null;
}): Note {
  return {
    kind: 'supplement_decision',
    values: {
      number: s.number,
      decision: s.decision,
      change: centsOf(s.amount),
      consent: { method: s.method, name: s.name, recordedBy: s.recordedBy, note: blankToNull(s.note) },
    },
  };
}

/**
 * The estimate approved for this amount, the optional lines the customer declined, and, when the shop
 * recorded it, how the customer consented.
 */
export function approvalNote(
  approvedAmount: Amount,
  declined: readonly { description: string; amount: Amount }[],
  consent?: { method: ConsentMethod; name: string | null; recordedBy: string | null; note?: string | null },
): Note {
  return {
    kind: 'approval',
    values: {
      amount: centsOf(approvedAmount),
      declined: declined.map((line) => ({ description: line.description, amount: centsOf(line.amount) })),
      consent: consent
        ? {
            method: consent.method,
            name: consent.name,
            recordedBy: consent.recordedBy,
            note: blankToNull(consent.note),
          }
        : null,
    },
  };
}

/** A card payment went through; a test-mode one says so, so nobody mistakes it for money received. */
export function paymentReceivedNote(
  amountCents: number,
  cardLast4: string | null,
  { testMode = false }: { testMode?: boolean } = {},
): Note {
  return { kind: 'payment_received', values: { amount: amountCents, cardLast4, testMode } };
}

/** A payment staff recorded (cash, a check and its number…). */
export function recordedPaymentNote(
  amountCents: number,
  method: PaymentMethod,
  reference?: string | null,
): Note {
  return {
    kind: 'payment_recorded',
    values: { amount: amountCents, method, reference: blankToNull(reference) },
  };
}

/**
 * The customer booked (or moved to) a window themselves: its day and window; the note adds what to
 * bring in the reader's words.
 */
export function selfBookedNote({ date, slot }: { date: string; slot: string }): Note {
  return { kind: 'drop_off_online', values: { date, slot } };
}

/** The customer cancelled their drop-off of this day and window; the place is free again. */
export function dropOffCancelledNote({ date, slot }: { date: string; slot: string }): Note {
  return { kind: 'drop_off_cancelled', values: { date, slot } };
}

/**
 * The car did not come in its window. Kind words, no blame, and the way back: the booking page's
 * link (a signed drop-off link, decision 070).
 */
export function noShowNote({ date, slot }: { date: string; slot: string }, bookingUrl: string): Note {
  return { kind: 'no_show', values: { date, slot, bookingUrl } };
}

/**
 * A signed repair authorisation was replaced (the customer signed again, or staff at the counter):
 * what it chose before and now, and the reason given, so the customer is told whoever replaced it.
 */
export function authorizationReplacedNote(
  before: AuthorizationTerms,
  after: AuthorizationTerms,
  reason: string,
): Note {
  return { kind: 'authorization_replaced', values: { before, after, reason } };
}
