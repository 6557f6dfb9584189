import { describe, expect, it } from 'vitest';
import { shopYear, yearsInBusiness } from './shop.ts';

describe("the shop's year", () => {
  it("turns at midnight in Land O' Lakes, not in the viewer's or the server's zone", () => {
    // 11 pm on New Year's Eve in Florida is already New Year's Day in UTC.
    expect(shopYear(new Date('2027-01-01T04:00:00Z'))).toBe(2026);
    expect(shopYear(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
    expect(yearsInBusiness(1993, new Date('2027-01-01T04:00:00Z'))).toBe(33);
    expect(yearsInBusiness(1993, new Date('2027-01-01T05:00:00Z'))).toBe(34);
  });
});
