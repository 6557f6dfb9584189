import { describe, expect, it } from 'vitest';
import { shopCalendarOf } from './drop-off-slots.ts';
import { DEFAULT_WEEKLY_HOURS } from './shop-hours.ts';
import {
  earliestSaleDate,
  LIEN_NOTICE_NO_STORAGE,
  LIEN_NOTICE_NOTHING_OWED,
  LIEN_NOTICE_PICKED_UP,
  lienNoticeAvailability,
  lienNoticeDeadline,
  lienNoticeNotYet,
  saleDateOnNotice,
  statedStorageRate,
  storageCharge,
  storageRateAtNotice,
  storageStartDate,
  vinLastEight,
} from './storage.ts';

const thanksgiving = shopCalendarOf(DEFAULT_WEEKLY_HOURS, [{ date: '2026-11-26', name: 'Thanksgiving Day' }]);
const noHolidays = shopCalendarOf(DEFAULT_WEEKLY_HOURS, []);
/** Noon in Florida on that day. */
const noonOn = (date: string) => new Date(`${date}T17:00:00Z`);

const terms = {
  status: 'completed',
  storageFrom: '2026-12-02',
  storageRateCents: 3500,
  pickedUpAt: null as Date | null,
};

describe('the first day of storage', () => {
  it('is the fourth business day after the notice, skipping a holiday and a weekend', () => {
    // Wed 25 Nov; Thu 26 is Thanksgiving; Fri 27, Mon 30, Tue 1 are free; Wed 2 Dec is charged.
    expect(storageStartDate('2026-11-25', thanksgiving)).toBe('2026-12-02');
    expect(storageStartDate('2026-11-25', noHolidays)).toBe('2026-12-01');
  });

  it('counts from the next business day when the notice comes on a weekend', () => {
    // Sat 5 Dec: Mon 7, Tue 8, Wed 9 free; Thu 10 charged.
    expect(storageStartDate('2026-12-05', noHolidays)).toBe('2026-12-10');
  });
});

describe('storage charged', () => {
  it('counts every calendar day from the start through today, the weekend included', () => {
    expect(storageCharge(terms, noonOn('2026-12-07'))).toEqual({
      from: '2026-12-02',
      days: 6,
      rateCents: 3500,
      amountCents: 21_000,
    });
  });

  it('is nothing before the start day, and stops on the pickup day', () => {
    expect(storageCharge(terms, noonOn('2026-12-01'))).toEqual({
      from: '2026-12-02',
      days: 0,
      rateCents: 3500,
      amountCents: 0,
    });
    const pickedUp = { ...terms, pickedUpAt: noonOn('2026-12-04') };
    expect(storageCharge(pickedUp, noonOn('2027-02-01'))?.days).toBe(3);
  });

  it('reads the day at the shop, not in UTC', () => {
    // 11:30 pm in Florida on 3 Dec is already 4 Dec in UTC.
    expect(storageCharge(terms, new Date('2026-12-04T04:30:00Z'))?.days).toBe(2);
  });

  it('is none without a rate, before the notice, or when the repair is no longer completed', () => {
    expect(storageCharge({ ...terms, storageRateCents: null }, noonOn('2026-12-07'))).toBeNull();
    expect(storageCharge({ ...terms, storageFrom: null }, noonOn('2026-12-07'))).toBeNull();
    expect(storageCharge({ ...terms, status: 'in_progress' }, noonOn('2026-12-07'))).toBeNull();
  });
});

describe('the daily rate the ready notice fixes', () => {
  const statedAt = new Date('2026-01-15T15:00:00Z');
  const stated = (cents: number | null) => ({
    storageTermsStatedAt: statedAt,
    statedStorageRateCents: cents,
  });
  const legacy = { storageTermsStatedAt: null, statedStorageRateCents: null };

  it('is nothing when the written estimate stated no storage, whatever the shop charges now', () => {
    expect(storageRateAtNotice(stated(null), 3500)).toBeNull();
    expect(storageRateAtNotice(stated(0), 3500)).toBeNull();
  });

  it('is the lower of the rate stated and the rate now', () => {
    expect(storageRateAtNotice(stated(2500), 3500)).toBe(2500);
    expect(storageRateAtNotice(stated(3500), 2500)).toBe(2500);
    expect(storageRateAtNotice(stated(3500), 3500)).toBe(3500);
  });

  it('is nothing when the shop charges no storage now, whatever was stated', () => {
    expect(storageRateAtNotice(stated(2500), null)).toBeNull();
  });

  it('is the rate now on an estimate whose terms were never recorded', () => {
    expect(storageRateAtNotice(legacy, 3500)).toBe(3500);
    expect(storageRateAtNotice(legacy, null)).toBeNull();
  });
});

describe('the daily rate the written estimate states', () => {
  it('is the one recorded, none included, once it went to the customer', () => {
    const statedAt = new Date('2026-01-15T15:00:00Z');
    expect(statedStorageRate({ storageTermsStatedAt: statedAt, statedStorageRateCents: 2500 }, 3500)).toBe(
      2500,
    );
    expect(
      statedStorageRate({ storageTermsStatedAt: statedAt, statedStorageRateCents: null }, 3500),
    ).toBeNull();
  });

  it("is the shop's rate now before then", () => {
    expect(statedStorageRate({ storageTermsStatedAt: null, statedStorageRateCents: null }, 3500)).toBe(3500);
  });
});

describe('the notice of lien', () => {
  it('is due within 7 weekdays after storage begins (F.S. 713.585(1)(a))', () => {
    expect(lienNoticeDeadline('2026-12-02')).toBe('2026-12-11');
    // From a Friday: the next Friday is the 5th weekday, the Tuesday after it the 7th.
    expect(lienNoticeDeadline('2026-12-04')).toBe('2026-12-15');
  });

  it('names a sale no earlier than 60 days after completion and 30 days after the notice', () => {
    expect(earliestSaleDate('2026-11-25', '2026-12-07')).toBe('2027-01-24');
    expect(earliestSaleDate('2026-11-25', '2027-01-01')).toBe('2027-01-31');
  });

  it('prints a sale at least 30 days after the last day the notice may be mailed (F.S. 713.585(1)(a))', () => {
    // Storage from Wed 2 Dec 2026: mailed by Fri 11 Dec. Produced on the 3rd and mailed on the 11th,
    // the sale is still 30 days after the mailing, and never before 60 days after completion.
    expect(saleDateOnNotice('2026-10-01', '2026-12-03', '2026-12-02')).toBe('2027-01-10');
    expect(saleDateOnNotice('2026-11-25', '2026-12-03', '2026-12-02')).toBe('2027-01-24');
    // Produced after the deadline (late already): counted from the day it is produced.
    expect(saleDateOnNotice('2026-10-01', '2026-12-20', '2026-12-02')).toBe('2027-01-19');
  });

  it('prints the last 8 characters of the VIN on the envelope', () => {
    expect(vinLastEight(' 1hgcm82633a004352 ')).toBe('3A004352');
  });

  it('can be produced once storage began on a car still held with something owed', () => {
    const owed = { ...terms, amountDueCents: 50_000 };
    expect(lienNoticeAvailability(owed, noonOn('2026-12-01'))).toEqual({
      available: false,
      reason: lienNoticeNotYet('2026-12-02'),
      availableFrom: '2026-12-02',
    });
    expect(lienNoticeAvailability(owed, noonOn('2026-12-02'))).toEqual({ available: true });
    expect(lienNoticeAvailability({ ...owed, amountDueCents: 0 }, noonOn('2026-12-03'))).toEqual({
      available: false,
      reason: LIEN_NOTICE_NOTHING_OWED,
    });
    expect(
      lienNoticeAvailability({ ...owed, pickedUpAt: noonOn('2026-12-03') }, noonOn('2026-12-04')).available,
    ).toBe(false);
    expect(
      lienNoticeAvailability({ ...owed, pickedUpAt: noonOn('2026-12-03') }, noonOn('2026-12-04')),
    ).toEqual({
      available: false,
      reason: LIEN_NOTICE_PICKED_UP,
    });
    expect(lienNoticeAvailability({ ...owed, storageRateCents: null }, noonOn('2026-12-04'))).toEqual({
      available: false,
      reason: LIEN_NOTICE_NO_STORAGE,
    });
  });
});
