import {
  type AuthorizationTerms,
  type Note,
  type NoteConsent,
  type NoteValues,
  noteSchema,
} from '#domain/admin-notes.ts';
import { customerShareTerm } from '#domain/billing.ts';
import { dropOffSlotLabel } from '#domain/drop-off-slots.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/language.ts';
import { centsToDecimal } from '#domain/money.ts';
import { longDay, money } from './format.ts';
import { type Translate, translator } from './translator.ts';

/**
 * The notes the app writes in an estimate's conversation, in the reader's words (decision 068): the
 * shop reads English, a customer their account's language, in the thread, the e-mails that quote a
 * note, and anything else that prints one. A note is stored as its kind and values
 * (`messages.note_kind`, `note_values`) beside its English rendering in `content`, which search, the
 * front desk and older clients read as before.
 */

/** The columns a note is stored with in `messages`: its English words, its kind and its values. */
export interface NoteColumns {
  content: string;
  noteKind: Note['kind'];
  noteValues: Note['values'];
}

/** `...noteColumns(note)` in an insert into `messages`. */
export function noteColumns(note: Note): NoteColumns {
  return {
    content: noteText(note, DEFAULT_LANGUAGE),
    noteKind: note.kind,
    noteValues: wellFormed(note.values) as Note['values'],
  };
}

/**
 * What people wrote goes into the values as written, but a lone UTF-16 surrogate (which a text column
 * stores as U+FFFD) makes PostgreSQL refuse the whole jsonb value: it gets the same replacement here.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, wellFormed(inner)]));
  }
  return value;
}

/** A stored message as this reader reads it: a note in their language; anything else as written. */
export function storedMessageText(
  row: { content: string; noteKind: string | null; noteValues: unknown },
  language: Language,
): string {
  if (!row.noteKind) return row.content;
  const note = noteSchema.safeParse({ kind: row.noteKind, values: row.noteValues });
  // A kind this version does not know (written by a newer one) keeps its stored English.
  return note.success ? noteText(note.data, language) : row.content;
}

/** One note in one language. */
export function noteText(note: Note, language: Language): string {
  const t = translator(language);
  const amount = (cents: number) => money(language, centsToDecimal(cents));
  const signed = (cents: number) => (cents < 0 ? `-${amount(-cents)}` : `+${amount(cents)}`);
  switch (note.kind) {
    case 'quote':
      return quoteText(note.values, t, amount);
    case 'drop_off': {
      const { date, slot, instructions } = note.values;
      const when = t('note.dropOff.when', {
        day: longDay(language, date),
        window: dropOffSlotLabel(slot, language),
      });
      return lines(when, instructions);
    }
    case 'drop_off_online':
    case 'drop_off_cancelled':
    case 'no_show': {
      const { date, slot } = note.values;
      const when = { day: longDay(language, date), window: dropOffSlotLabel(slot, language) };
      if (note.kind === 'drop_off_online')
        return lines(t('note.dropOffOnline.when', when), t('note.dropOffOnline.bring'));
      if (note.kind === 'drop_off_cancelled') {
        return lines(t('note.dropOffCancelled.when', when), t('note.dropOffCancelled.free'));
      }
      return lines(
        t('note.noShow.when', when),
        t('note.noShow.kind', { day: when.day, link: note.values.bookingUrl }),
      );
    }
    case 'reschedule': {
      const { vehicle } = note.values;
      return lines(
        t('note.reschedule.requested'),
        vehicle ? t('note.reschedule.vehicle', { vehicle }) : t('note.reschedule.noVehicle'),
      );
    }
    case 'status_change':
      return t('note.statusChange', { status: t(`note.status.${note.values.status}`) });
    case 'supplement_sent': {
      const { number, reason, change, newTotal } = note.values;
      return lines(
        t('note.supplementSent.reason', { number, reason }),
        t('note.supplementSent.change', { change: signed(change), total: amount(newTotal) }),
      );
    }
    case 'supplement_decision': {
      const { number, decision, change, consent } = note.values;
      const how = consent.method === 'online' ? ` ${t('note.consent.online')}` : consentWords(consent, t);
      return lines(
        t(`note.supplementDecision.${decision}`, { number, how, change: signed(change) }),
        consentNote(consent, t),
      );
    }
    case 'approval': {
      const { consent, declined } = note.values;
      const items = declined
        .map((line) =>
          t('note.approval.declinedItem', { description: line.description, amount: amount(line.amount) }),
        )
        .join(', ');
      return lines(
        t('note.approval.approved', {
          how: consent ? consentWords(consent, t) : '',
          amount: amount(note.values.amount),
        }),
        consent && consentNote(consent, t),
        declined.length > 0 && t('note.approval.declinedItems', { items }),
      );
    }
    case 'payment_received': {
      const { cardLast4, testMode } = note.values;
      const payment = cardLast4
        ? t('note.payment.receivedByCard', { amount: amount(note.values.amount), last4: cardLast4 })
        : t('note.payment.received', { amount: amount(note.values.amount) });
      return testMode ? t('note.payment.testMode', { payment }) : payment;
    }
    case 'payment_recorded': {
      const { method, reference } = note.values;
      const values = { amount: amount(note.values.amount), method: t(`note.paymentMethod.${method}`) };
      return reference
        ? t('note.payment.recordedWithReference', { ...values, reference })
        : t('note.payment.recorded', values);
    }
    case 'authorization_replaced': {
      const { before, after, reason } = note.values;
      const choice = (terms: AuthorizationTerms) =>
        terms.choice === 'limit'
          ? t('note.authorizationChoice.limit', { amount: amount(terms.limit ?? 0) })
          : t(`note.authorizationChoice.${terms.choice}`);
      const parts = (terms: AuthorizationTerms) =>
        t(terms.partsBack ? 'note.authorizationParts.back' : 'note.authorizationParts.notBack');
      return lines(
        t('note.authorizationReplaced.title'),
        t('note.authorizationReplaced.choice', { before: choice(before), after: choice(after) }),
        before.partsBack !== after.partsBack &&
          t('note.authorizationReplaced.parts', { before: parts(before), after: parts(after) }),
        t('note.authorizationReplaced.reason', { reason }),
        t('note.authorizationReplaced.reply'),
      );
    }
  }
}

/**
 * The total and, when the insurer pays part, the customer's part and the insurer's on the next line:
 * a deductible (decision 065: the word only where an insurer pays).
 */
function quoteText(values: NoteValues<'quote'>, t: Translate, amount: (cents: number) => string): string {
  const parts: string[] = [];
  if (values.customerShare !== null) {
    const term = customerShareTerm({ insuranceCoverage: centsToDecimal(values.insurance) });
    parts.push(t(`note.quote.${term}`, { amount: amount(values.customerShare) }));
  }
  if (values.insurance !== null) parts.push(t('note.quote.insurance', { amount: amount(values.insurance) }));
  return lines(t('note.quote.total', { total: amount(values.total) }), parts.join(' · '));
}

/** ' by phone (Maria Lopez; recorded by Rick)': how, from whom and who wrote it down. */
function consentWords(consent: NoteConsent, t: Translate): string {
  const who = [
    consent.name ?? t('note.consent.theCustomer'),
    consent.recordedBy ? t('note.consent.recordedBy', { name: consent.recordedBy }) : null,
  ]
    .filter(Boolean)
    .join('; ');
  return ` ${t(`note.consent.${consent.method}`)} (${who})`;
}

function consentNote(consent: NoteConsent, t: Translate): string | null {
  return consent.note ? t('note.consent.note', { note: consent.note }) : null;
}

/** The note's lines, leaving out the empty ones. */
function lines(...parts: (string | null | false | undefined)[]): string {
  return parts.filter(Boolean).join('\n');
}
