import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { testConfig } from '#server/test-support/app.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { as } from '#server/test-support/people.ts';
import { setUpCast, setUpTestShop } from '#server/test-support/test-shop.ts';

/** The default: closed on the US federal holidays (from date-holidays), plus two configured days. */
const t = setUpTestShop(() => ({
  shop: { ...testConfig().shop, federalHolidays: true, closedDates: ['2030-03-06', '2030-12-24'] },
}));
const { alice, admin } = setUpCast(t);

const approved = () =>
  createEstimate(t.database.db, { userId: alice.user.id, status: 'approved', estimatedAmount: '900.00' });
const schedule = (id: string, date: string, slot: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/estimates/${id}/schedule`,
    headers: as(admin),
    payload: { date, slot, instructions: 'Front lot' },
  });
const day = (id: string, date: string) =>
  t.app.inject({ url: `/api/admin/estimates/${id}/drop-off-slots?date=${date}`, headers: as(admin) });

/** The first Friday from next week on that is not a holiday. */
async function openFriday(id: string): Promise<string> {
  for (let weeks = 1; weeks < 10; weeks++) {
    const friday = dayAhead(5, weeks);
    if ((await day(id, friday)).json().closed === null) return friday;
  }
  throw new Error('no open Friday in ten weeks');
}

describe('drop-offs keep the posted hours and the closed days', () => {
  it('refuses a Friday window after the 1:00 PM closing, naming the hours, and takes the morning ones', async () => {
    const estimate = await approved();
    const late = await schedule(estimate.id, '2030-03-08', '14:00-16:00');
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      message:
        "The 2:00 PM - 4:00 PM window is outside the shop's hours on Fridays (8:00 AM – 1:00 PM). Please choose another time.",
    });
    const windows = await day(estimate.id, '2030-03-08');
    expect(windows.json()).toMatchObject({ closed: null });
    expect(windows.json().windows.map((w: { id: string }) => w.id)).toEqual(['08:00-10:00', '10:00-12:00']);
    // A morning window of a Friday open within the desk's year is booked (2030 is past it).
    const friday = await openFriday(estimate.id);
    expect((await schedule(estimate.id, friday, '10:00-12:00')).statusCode).toBe(200);
  });

  it('refuses US federal holidays by name, observed days included', async () => {
    const estimate = await approved();
    const christmas = await schedule(estimate.id, '2030-12-25', '08:00-10:00');
    expect(christmas.statusCode).toBe(400);
    expect(christmas.json()).toEqual({
      message:
        'The shop is closed on Wednesday, December 25, 2030 (Christmas Day). Please choose another day.',
    });
    // July 4, 2032 is a Sunday: the holiday is observed on Monday the 5th.
    const observed = await schedule(estimate.id, '2032-07-05', '08:00-10:00');
    expect(observed.statusCode).toBe(400);
    expect(observed.json().message).toMatch(/^The shop is closed on Monday, July 5, 2032 \(Independence Day/);
    const thanksgiving = await day(estimate.id, '2030-11-28');
    expect(thanksgiving.json()).toEqual({
      date: '2030-11-28',
      closed:
        'The shop is closed on Thursday, November 28, 2030 (Thanksgiving Day). Please choose another day.',
      windows: [],
    });
  });

  it('refuses the configured closed dates, and weekends', async () => {
    const estimate = await approved();
    const closed = await schedule(estimate.id, '2030-03-06', '08:00-10:00');
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toEqual({
      message: 'The shop is closed on Wednesday, March 6, 2030. Please choose another day.',
    });
    expect((await schedule(estimate.id, '2030-12-24', '10:00-12:00')).statusCode).toBe(400);
    const saturday = await schedule(estimate.id, '2030-03-09', '08:00-10:00');
    expect(saturday.json()).toEqual({
      message: 'The shop is closed on Saturdays. Please choose another day.',
    });
    expect((await day(estimate.id, '2030-03-09')).json().windows).toEqual([]);
    // The day after the closed one is open in every window.
    expect((await day(estimate.id, '2030-03-07')).json().windows).toHaveLength(3);
  });
});
