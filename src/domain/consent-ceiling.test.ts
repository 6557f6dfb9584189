import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedOverCents,
  consentCeilingCents,
  consentRefusal,
  positionCeilingCents,
} from './consent-ceiling.ts';

describe('allowedOverCents: $10 or 10 percent, whichever is greater, but not over $50 (F.S. 559.909(1)(b))', () => {
  it('is $10 up to $100, 10% from $100 to $500, $50 above', () => {
    expect(allowedOverCents(0)).toBe(1000);
    expect(allowedOverCents(5000)).toBe(1000); // $50 → 10% is $5 → $10
    expect(allowedOverCents(10000)).toBe(1000); // $100 → $10
    expect(allowedOverCents(25000)).toBe(2500); // $250 → $25
    expect(allowedOverCents(25005)).toBe(2501); // 2500.5 → half-up
    expect(allowedOverCents(50000)).toBe(5000); // $500 → $50
    expect(allowedOverCents(1_000_000)).toBe(5000); // $10,000 → capped at $50
  });

  it('always lies between $10 and $50 and never falls as the approval grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e10 }), fc.integer({ min: 0, max: 1e6 }), (approved, more) => {
        const allowed = allowedOverCents(approved);
        expect(allowed).toBeGreaterThanOrEqual(1000);
        expect(allowed).toBeLessThanOrEqual(5000);
        expect(allowedOverCents(approved + more)).toBeGreaterThanOrEqual(allowed);
        expect(Math.abs(allowed - Math.min(5000, Math.max(1000, approved / 10)))).toBeLessThanOrEqual(0.5);
      }),
    );
  });

  it('charging up to the ceiling needs no consent; one cent more does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2e10 }), (approved) => {
        const ceiling = consentCeilingCents(approved);
        expect(consentRefusal({ approvedCents: approved, totalCents: ceiling, pending: [] })).toBeNull();
        expect(
          consentRefusal({ approvedCents: approved, totalCents: ceiling + 1, pending: [] }),
        ).not.toBeNull();
      }),
    );
  });
});

describe('consentRefusal', () => {
  it('names the supplement waiting for consent', () => {
    const message = consentRefusal({
      approvedCents: 100000,
      totalCents: 100000,
      pending: [{ number: 2, reason: 'Bent radiator support found at teardown', amountCents: 34000 }],
    });
    expect(message).toBe(
      "Supplement #2 (Bent radiator support found at teardown, $340.00) is waiting for the customer's consent: " +
        'without it the charge may not exceed $1,050.00 (approved $1,000.00 plus the tolerance of F.S. 559.909).',
    );
  });

  it('lets a small supplement within the tolerance through', () => {
    expect(
      consentRefusal({
        approvedCents: 100000,
        totalCents: 100000,
        pending: [{ number: 1, reason: 'Clip', amountCents: 4000 }],
      }),
    ).toBeNull();
  });

  it('tells a raised total without any supplement', () => {
    expect(consentRefusal({ approvedCents: 100000, totalCents: 120000, pending: [] })).toMatch(
      /^The total \$1,200.00 is more than the approved \$1,000.00 allows/,
    );
  });
});

describe('the limit signed on the repair authorization (F.S. 559.905)', () => {
  const approved = { approvedCents: 120000, pending: [] };

  it('takes away the tolerance above it', () => {
    const at = { ...approved, totalCents: 120000, signedLimitCents: 120000 };
    expect(positionCeilingCents(at)).toBe(120000);
    expect(consentRefusal(at)).toBeNull();
    expect(consentRefusal({ ...at, totalCents: 120001 })).toBe(
      'The total $1,200.01 is more than the $1,200.00 limit the customer signed on the repair authorization ' +
        'allows without their consent: send a supplement for the difference.',
    );
  });

  it('names it when a supplement waits', () => {
    expect(
      consentRefusal({
        ...approved,
        totalCents: 120000,
        signedLimitCents: 121000,
        pending: [{ number: 1, reason: 'Clip', amountCents: 4000 }],
      }),
    ).toBe(
      "Supplement #1 (Clip, $40.00) is waiting for the customer's consent: without it the charge may not " +
        'exceed $1,210.00 (the limit the customer signed on the repair authorization).',
    );
  });

  it('never raises the ceiling above the tolerance, and gives way to a later written consent', () => {
    expect(positionCeilingCents({ ...approved, totalCents: 0, signedLimitCents: 900000 })).toBe(125000);
    // A supplement approved after signing took the approval to $1,500: that consent stands above the $1,200 limit.
    expect(
      positionCeilingCents({ approvedCents: 150000, pending: [], totalCents: 0, signedLimitCents: 120000 }),
    ).toBe(150000);
    expect(positionCeilingCents({ ...approved, totalCents: 0, signedLimitCents: null })).toBe(125000);
  });
});
