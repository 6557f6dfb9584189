import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import { dropOffEvent } from './drop-off-event.ts';

const input = {
  estimateId: '11111111-2222-4333-8444-555555555555',
  sequence: 0,
  date: '2026-03-09',
  slot: '08:00-10:00' as const,
  instructions: 'Park by the office; keys at the front desk.',
  reference: 'AB12CD34',
  vehicle: '2019 Honda Civic',
  shop: DEFAULT_SHOP,
  estimateUrl: 'https://shop.example/estimate/abc',
  uidDomain: 'shop.example',
};

/** iCalendar folds lines at 75 octets with CRLF and a space; unfolded, each property is one line. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('dropOffEvent', () => {
  it('is one confirmed event at the window hours in Florida time, written in UTC', () => {
    const ics = unfold(dropOffEvent(input));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('BEGIN:VEVENT');
    // March 9, 2026 is in Eastern Daylight Time (UTC-4): 8:00 AM is 12:00 UTC.
    expect(ics).toContain('DTSTART:20260309T120000Z');
    expect(ics).toContain('DTEND:20260309T140000Z');
    expect(ics).toContain('UID:drop-off-11111111-2222-4333-8444-555555555555@shop.example');
    expect(ics).toContain('SEQUENCE:0');
    expect(ics).toContain('SUMMARY:Drop off your 2019 Honda Civic at Lakeside Family Collision');
    expect(ics).toContain(
      "LOCATION:Lakeside Family Collision\\, 21730 State Road 54\\, Land O' Lakes\\, FL 34639",
    );
    expect(ics).toContain('Park by the office\\; keys at the front desk.');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics).toContain('BEGIN:VALARM');
  });

  it('is the same event, one sequence later, once the booking moves', () => {
    const moved = unfold(dropOffEvent({ ...input, date: '2026-03-10', sequence: 1 }));
    expect(moved).toContain('UID:drop-off-11111111-2222-4333-8444-555555555555@shop.example');
    expect(moved).toContain('SEQUENCE:1');
    expect(moved).toContain('DTSTART:20260310T120000Z');
  });

  it("is written in the customer's language", () => {
    const ics = unfold(dropOffEvent({ ...input, vehicle: null, language: 'es' }));
    expect(ics).toContain('SUMMARY:Traer su vehículo a Lakeside Family Collision');
    expect(ics).toContain('Presupuesto #AB12CD34.');
    expect(ics).toContain('DTSTART:20260309T120000Z');
    expect(ics).not.toContain('Drop off');
  });
});
