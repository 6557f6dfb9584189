import { describe, expect, it } from 'vitest';
import { dropOffNote, quoteNote, RESCHEDULE_NOTE, rescheduleNote, statusChangeNote } from './admin-notes.ts';

describe('quoteNote', () => {
  it('states the total with a thousands separator and cents', () => {
    expect(quoteNote({ estimatedAmount: '1250' })).toBe('Estimate provided: $1,250.00');
    expect(quoteNote({ estimatedAmount: '980.5', customerDeductible: null, insuranceCoverage: null })).toBe(
      'Estimate provided: $980.50',
    );
  });

  it('adds the split on a second line when the bill is shared with the insurer', () => {
    expect(
      quoteNote({ estimatedAmount: '1250.00', customerDeductible: '500.00', insuranceCoverage: '750.00' }),
    ).toBe('Estimate provided: $1,250.00\nYour deductible: $500.00 · Insurance coverage: $750.00');
  });

  it('names only the part that was set', () => {
    expect(quoteNote({ estimatedAmount: '2400.00', customerDeductible: '1000.00' })).toBe(
      'Estimate provided: $2,400.00\nYour deductible: $1,000.00',
    );
    expect(quoteNote({ estimatedAmount: '2400.00', insuranceCoverage: '2400.00' })).toBe(
      'Estimate provided: $2,400.00\nInsurance coverage: $2,400.00',
    );
  });
});

describe('dropOffNote', () => {
  it('names the day and the window, then the instructions on the next line', () => {
    expect(
      dropOffNote({
        date: '2026-03-02',
        slot: '08:00-10:00',
        instructions: '  Leave the keys at the desk. ',
      }),
    ).toBe('Drop-off scheduling: Monday, March 2, 2026, 8:00 AM - 10:00 AM\nLeave the keys at the desk.');
    expect(dropOffNote({ date: '2026-12-31', slot: '14:00-16:00', instructions: 'Bay 3' })).toBe(
      'Drop-off scheduling: Thursday, December 31, 2026, 2:00 PM - 4:00 PM\nBay 3',
    );
  });
});

describe('statusChangeNote', () => {
  it("defaults to 'Status changed to: {label}'", () => {
    expect(statusChangeNote('in_progress')).toBe('Status changed to: In Progress');
    expect(statusChangeNote('completed', '   ')).toBe('Status changed to: Completed');
  });

  it("keeps the shop's own words", () => {
    expect(statusChangeNote('completed', ' Ready for pick-up after 3 PM. ')).toBe(
      'Ready for pick-up after 3 PM.',
    );
  });

  it('has the reschedule note of the spec', () => {
    expect(RESCHEDULE_NOTE).toBe('Rescheduling requested by admin');
  });

  it('rescheduleNote keeps the spec line first and tells the customer what happens next', () => {
    expect(rescheduleNote('2017 Subaru Outback')).toBe(
      'Rescheduling requested by admin\nWe need to find a new drop-off time for your 2017 Subaru Outback. ' +
        "We'll be in touch shortly, or reply here with a day that suits you.",
    );
    expect(rescheduleNote(null)).toContain('a new drop-off time for your vehicle.');
  });
});
