import { describe, expect, it } from 'vitest';
import enCommon from '#client/i18n/locales/en/common.json' with { type: 'json' };
import esCommon from '#client/i18n/locales/es/common.json' with { type: 'json' };
import {
  approvalNote,
  authorizationReplacedNote,
  dropOffNote,
  type Note,
  paymentReceivedNote,
  quoteNote,
  recordedPaymentNote,
  rescheduleNote,
  statusChangeNote,
  supplementDecisionNote,
  supplementSentNote,
} from '#domain/admin-notes.ts';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import { CONSENT_METHOD_LABELS, CONSENT_METHODS } from '#domain/supplements.ts';
import { noteColumns, noteText, storedMessageText } from './note-text.ts';
import { translator } from './translator.ts';

const quote = quoteNote({
  estimatedAmount: '2450.00',
  customerDeductible: '500.00',
  insuranceCoverage: '1950.00',
});
const dropOff = dropOffNote({
  date: '2026-03-06',
  slot: '08:00-10:00',
  instructions: 'Leave the keys at the desk.',
});
const reschedule = rescheduleNote('2017 Subaru Outback');
const supplementSent = supplementSentNote({
  number: 1,
  reason: 'Bent radiator support',
  amount: '340.00',
  newTotal: '1340.00',
});
const supplementByPhone = supplementDecisionNote({
  number: 1,
  decision: 'approved',
  amount: '340.00',
  method: 'phone',
  name: 'Maria Lopez',
  recordedBy: 'Rick',
  note: 'Called at noon',
});
const supplementOnline = supplementDecisionNote({
  number: 2,
  decision: 'declined',
  amount: '-40.00',
  method: 'online',
  name: 'Maria Lopez',
  recordedBy: null,
  note: null,
});
const approvalRecorded = approvalNote('1000.00', [{ description: 'Wax', amount: '40.00' }], {
  method: 'in_person',
  name: null,
  recordedBy: 'Sam',
  note: 'At the desk',
});
const authorizationReplaced = authorizationReplacedNote(
  { choice: 'limit', limit: 120_000, partsBack: false },
  { choice: 'written', limit: null, partsBack: true },
  'Called at noon',
);
const cardPayment = paymentReceivedNote(50_000, '4242', { testMode: true });
const recordedCheck = recordedPaymentNote(50_000, 'check', '1042');

/** Every kind, with its variants: what the English and Spanish checks go over. */
const EVERY_NOTE: Note[] = [
  quote,
  quoteNote({ estimatedAmount: '980.93' }),
  dropOff,
  reschedule,
  rescheduleNote(null),
  ...ESTIMATE_STATUSES.map(statusChangeNote),
  supplementSent,
  supplementByPhone,
  supplementOnline,
  approvalNote('1000.00', []),
  approvalRecorded,
  cardPayment,
  paymentReceivedNote(123_456, null),
  recordedPaymentNote(22_651, 'cash'),
  recordedCheck,
  recordedPaymentNote(100, 'insurance'),
  recordedPaymentNote(100, 'card'),
  recordedPaymentNote(100, 'other'),
  authorizationReplaced,
  authorizationReplacedNote(
    { choice: 'waived', limit: null, partsBack: true },
    { choice: 'waived', limit: null, partsBack: true },
    'Called at noon',
  ),
];

describe('the shop reads the notes in English, in the words they always had', () => {
  const en = (note: Note) => noteText(note, 'en');

  it('a quote: the total, then the split when the insurer pays part; a cash job the total alone', () => {
    expect(en(quote)).toBe(
      'Estimate provided: $2,450.00\nYour deductible: $500.00 · Insurance coverage: $1,950.00',
    );
    expect(en(quoteNote({ estimatedAmount: '980.93', customerDeductible: '980.93' }))).toBe(
      'Estimate provided: $980.93',
    );
  });

  it('a drop-off, a reschedule and a status change', () => {
    expect(en(dropOff)).toBe(
      'Drop-off scheduling: Friday, March 6, 2026, 8:00 AM - 10:00 AM\nLeave the keys at the desk.',
    );
    expect(en(dropOffNote({ date: '2026-12-31', slot: '14:00-16:00' }))).toBe(
      'Drop-off scheduling: Thursday, December 31, 2026, 2:00 PM - 4:00 PM',
    );
    expect(en(reschedule)).toBe(
      'Rescheduling requested by admin\nWe need to find a new drop-off time for your 2017 Subaru Outback. ' +
        "We'll be in touch shortly, or reply here with a day that suits you.",
    );
    expect(en(rescheduleNote(null))).toContain('a new drop-off time for your vehicle.');
    expect(en(statusChangeNote('in_progress'))).toBe('Status changed to: In Progress');
  });

  it('supplements and approvals, with how the consent was given', () => {
    expect(en(supplementSent)).toBe(
      'Supplement #1: Bent radiator support\nChange to the estimate: +$340.00 (new total $1,340.00). ' +
        'Please review it and approve or decline it.',
    );
    expect(en(supplementByPhone)).toBe(
      'Supplement #1 approved by phone (Maria Lopez; recorded by Rick): +$340.00.\nNote: Called at noon',
    );
    expect(en(supplementOnline)).toBe('Supplement #2 declined online: -$40.00.');
    expect(en(approvalNote('1000.00', []))).toBe('Estimate approved: $1,000.00.');
    expect(en(approvalRecorded)).toBe(
      'Estimate approved in person (the customer; recorded by Sam): $1,000.00.\nNote: At the desk\n' +
        'Declined optional items: Wax ($40.00).',
    );
  });

  it('payments, by card (test mode says so) and as staff recorded them', () => {
    expect(en(cardPayment)).toBe(
      'Payment received: $500.00 (card ending 4242) - TEST MODE, no money was charged',
    );
    expect(en(paymentReceivedNote(123_456, null))).toBe('Payment received: $1,234.56');
    expect(en(recordedPaymentNote(22_651, 'cash'))).toBe('Payment received: $226.51 (cash)');
    expect(en(recordedCheck)).toBe('Payment received: $500.00 (check 1042)');
  });

  it('a replaced repair authorization: the choice before and now, the parts when they changed, why', () => {
    expect(en(authorizationReplaced)).toBe(
      'Your repair authorization was replaced by a new one.\n' +
        'Estimate: before, no written estimate, limit $1,200.00; now, written estimate.\n' +
        'Replaced parts: before, not returned; now, returned to you.\n' +
        'Reason: Called at noon\n' +
        'If this is not what you agreed to, reply here or call the shop.',
    );
  });
});

describe('a Spanish-speaking customer reads them in Spanish', () => {
  const es = (note: Note) => noteText(note, 'es');

  it('money, days and windows as Spanish writes them', () => {
    expect(es(quote)).toBe(
      'Presupuesto enviado: $2,450.00\nSu deducible: $500.00 · Lo que cubre el seguro: $1,950.00',
    );
    expect(es(dropOff)).toMatch(/^Entrega del vehículo programada: viernes, 6 de marzo de 2026, 8:00/);
    expect(es(dropOff)).toContain('\nLeave the keys at the desk.'); // the shop's own words, as written
    expect(es(statusChangeNote('quoted'))).toBe('Nuevo estado: Cotizado');
    expect(es(supplementByPhone)).toBe(
      'Suplemento n.º 1 aprobado por teléfono (Maria Lopez; registrado por Rick): +$340.00.\nNota: Called at noon',
    );
    expect(es(cardPayment)).toBe(
      'Pago recibido: $500.00 (tarjeta terminada en 4242) - MODO DE PRUEBA, no se cobró dinero',
    );
    expect(es(recordedCheck)).toBe('Pago recibido: $500.00 (cheque 1042)');
    expect(es(authorizationReplaced)).toBe(
      'Su autorización de reparación fue reemplazada por una nueva.\n' +
        'Presupuesto: antes, sin presupuesto escrito, límite de $1,200.00; ahora, presupuesto escrito.\n' +
        'Piezas reemplazadas: antes, no se le devuelven; ahora, se le devuelven.\n' +
        'Motivo: Called at noon\n' +
        'Si esto no es lo que usted acordó, responda aquí o llame al taller.',
    );
  });

  it('no English system words are left in any note', () => {
    const english =
      /Status changed|authorization|written estimate|Replaced parts|returned|Reason|reply here|Estimate provided|deductible|Insurance coverage|Payment received|Drop-off|Rescheduling|Supplement|Please review|approved|declined|Declined optional|recorded by|card ending|TEST MODE|the customer|\bby phone\b|\bonline\b|\bNote:|\b(cash|check)\b|We need|Pending|Quoted|Scheduled|In Progress|Completed|Cancelled|\b(AM|PM)\b|Monday|Friday|March/;
    for (const note of EVERY_NOTE) {
      // The people's own words (a reason, an instruction, a line, a note) stay as they wrote them.
      const written = noteText(note, 'es')
        .replace('Leave the keys at the desk.', '')
        .replace('Bent radiator support', '')
        .replace('Called at noon', '')
        .replace('At the desk', '');
      expect(written, note.kind).not.toMatch(english);
    }
  });
});

describe('stored notes', () => {
  it('are stored with their English words, kind and values', () => {
    expect(noteColumns(statusChangeNote('quoted'))).toEqual({
      content: 'Status changed to: Quoted',
      noteKind: 'status_change',
      noteValues: { status: 'quoted' },
    });
  });

  it("are read in the reader's language; a person's message, or an unknown kind, as stored", () => {
    const row = { ...noteColumns(reschedule), noteValues: JSON.parse(JSON.stringify(reschedule.values)) };
    expect(storedMessageText(row, 'es')).toBe(noteText(reschedule, 'es'));
    expect(storedMessageText(row, 'en')).toBe(row.content);
    expect(storedMessageText({ content: 'Hola', noteKind: null, noteValues: null }, 'es')).toBe('Hola');
    expect(
      storedMessageText({ content: 'Old words', noteKind: 'from_the_future', noteValues: {} }, 'es'),
    ).toBe('Old words');
    expect(
      storedMessageText({ content: 'Bad values', noteKind: 'quote', noteValues: { total: 'x' } }, 'es'),
    ).toBe('Bad values');
  });
});

describe('the note catalogs say what the rest of the app says', () => {
  it('statuses as the customer screens name them, in both languages', () => {
    for (const [language, common] of [
      ['en', enCommon],
      ['es', esCommon],
    ] as const) {
      const t = translator(language);
      for (const status of ESTIMATE_STATUSES) {
        expect(t(`note.status.${status}`), `${language} ${status}`).toBe(common[`common.status.${status}`]);
      }
    }
  });

  it("the consent methods in English as the shop's screens write them", () => {
    const t = translator('en');
    for (const method of CONSENT_METHODS)
      expect(t(`note.consent.${method}`)).toBe(CONSENT_METHOD_LABELS[method]);
  });
});
