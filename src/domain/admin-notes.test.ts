import { describe, expect, it } from 'vitest';
import {
  approvalNote,
  dropOffNote,
  noteSchema,
  paymentReceivedNote,
  quoteNote,
  recordedPaymentNote,
  rescheduleNote,
  statusChangeNote,
  supplementDecisionNote,
  supplementSentNote,
} from './admin-notes.ts';

describe('the notes keep raw values, never finished words', () => {
  it('a quote keeps cents, and the split only when the insurer pays part', () => {
    expect(
      quoteNote({ estimatedAmount: '1250', customerDeductible: '500.00', insuranceCoverage: '750.00' }),
    ).toEqual({
      kind: 'quote',
      values: { total: 125_000, customerShare: 50_000, insurance: 75_000 },
    });
    // A cash job: the total alone, whatever the deductible field says.
    expect(
      quoteNote({ estimatedAmount: '980.5', customerDeductible: '980.50', insuranceCoverage: '0.00' }),
    ).toEqual({
      kind: 'quote',
      values: { total: 98_050, customerShare: null, insurance: null },
    });
  });

  it('a drop-off keeps the ISO day and the window id; blank instructions are none', () => {
    expect(
      dropOffNote({ date: '2026-03-02', slot: '08:00-10:00', instructions: '  Keys at the desk. ' }),
    ).toEqual({
      kind: 'drop_off',
      values: { date: '2026-03-02', slot: '08:00-10:00', instructions: 'Keys at the desk.' },
    });
    expect(dropOffNote({ date: '2026-03-02', slot: '08:00-10:00', instructions: ' ' }).values).toMatchObject({
      instructions: null,
    });
  });

  it('a status change keeps the status code', () => {
    expect(statusChangeNote('in_progress')).toEqual({
      kind: 'status_change',
      values: { status: 'in_progress' },
    });
    expect(rescheduleNote('  ')).toEqual({ kind: 'reschedule', values: { vehicle: null } });
  });

  it('supplements, approvals and payments keep signed cents and method codes', () => {
    expect(
      supplementSentNote({ number: 2, reason: 'Bent support', amount: '-40.00', newTotal: '960.00' }),
    ).toEqual({
      kind: 'supplement_sent',
      values: { number: 2, reason: 'Bent support', change: -4_000, newTotal: 96_000 },
    });
    const decided = supplementDecisionNote({
      number: 1,
      decision: 'approved',
      amount: '340.00',
      method: 'phone',
      name: 'Maria Lopez',
      recordedBy: 'Rick',
      note: '',
    });
    expect(decided.values).toEqual({
      number: 1,
      decision: 'approved',
      change: 34_000,
      consent: { method: 'phone', name: 'Maria Lopez', recordedBy: 'Rick', note: null },
    });
    expect(approvalNote('1000.00', [{ description: 'Wax', amount: '40.00' }]).values).toEqual({
      amount: 100_000,
      declined: [{ description: 'Wax', amount: 4_000 }],
      consent: null,
    });
    expect(paymentReceivedNote(50_000, '4242', { testMode: true }).values).toEqual({
      amount: 50_000,
      cardLast4: '4242',
      testMode: true,
    });
    expect(recordedPaymentNote(22_651, 'check', ' ').values).toEqual({
      amount: 22_651,
      method: 'check',
      reference: null,
    });
  });

  it('every note a constructor makes is one the stored-note schema reads back', () => {
    const notes = [
      quoteNote({ estimatedAmount: '1' }),
      dropOffNote({ date: '2026-03-02', slot: '08:00-10:00' }),
      rescheduleNote('2017 Subaru Outback'),
      statusChangeNote('quoted'),
      supplementSentNote({ number: 1, reason: 'r', amount: '1', newTotal: '2' }),
      approvalNote('1', [], { method: 'in_person', name: null, recordedBy: 'Sam' }),
      paymentReceivedNote(1, null),
      recordedPaymentNote(1, 'cash'),
    ];
    for (const note of notes) expect(noteSchema.parse(JSON.parse(JSON.stringify(note)))).toEqual(note);
  });
});
