import { describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES, type EstimateStatus } from './estimate-status.ts';
import { multiLineTextMessage, oneLineTextMessage } from './plain-text.ts';
import {
  approvalConsentSchema,
  CANNOT_RESPOND,
  CONSENT_IS_THE_SHOPS_TO_RECORD,
  CONSENT_MISSING,
  CONSENT_ONLY_FOR_APPROVAL,
  CUSTOMER_STATUS_ONLY,
  type MoveRefusal,
  staffStatusChoices,
  statusMoveRefusal,
} from './status-transitions.ts';

/**
 * The whole table, written out by hand (not derived from the code under test): for each status, where
 * staff may move it without a consent record, and where only with one (recording the customer's
 * approval). Every other move is refused with 409; a consent record on a move that records no
 * approval is refused with 400.
 */
const STAFF_MOVES: Record<EstimateStatus, { free: EstimateStatus[]; withConsent: EstimateStatus[] }> = {
  pending: { free: ['pending', 'quoted', 'declined', 'cancelled'], withConsent: ['approved'] },
  quoted: { free: ['pending', 'quoted', 'declined', 'cancelled'], withConsent: ['approved'] },
  approved: { free: ['approved', 'scheduled', 'in_progress', 'completed', 'cancelled'], withConsent: [] },
  declined: { free: ['declined', 'quoted', 'cancelled'], withConsent: [] },
  scheduled: { free: ['approved', 'scheduled', 'in_progress', 'completed', 'cancelled'], withConsent: [] },
  in_progress: {
    free: ['approved', 'scheduled', 'in_progress', 'completed', 'cancelled'],
    withConsent: [],
  },
  completed: { free: ['completed', 'cancelled'], withConsent: [] },
  cancelled: { free: ['cancelled'], withConsent: [] },
};

/** The customer answers a quote: pending or quoted, to approved or declined, and never with a consent record. */
const CUSTOMER_MOVES: Record<EstimateStatus, EstimateStatus[]> = {
  pending: ['approved', 'declined'],
  quoted: ['approved', 'declined'],
  approved: [],
  declined: [],
  scheduled: [],
  in_progress: [],
  completed: [],
  cancelled: [],
};

type Expected = 'allowed' | MoveRefusal['code'];

function expectedFor(
  from: EstimateStatus,
  to: EstimateStatus,
  actor: 'customer' | 'staff',
  consent: boolean,
): Expected {
  if (actor === 'customer') {
    if (consent) return 'bad_request';
    if (to !== 'approved' && to !== 'declined') return 'forbidden';
    return CUSTOMER_MOVES[from].includes(to) ? 'allowed' : 'conflict';
  }
  const { free, withConsent } = STAFF_MOVES[from];
  if (withConsent.includes(to)) return consent ? 'allowed' : 'conflict';
  if (free.includes(to)) return consent ? 'bad_request' : 'allowed';
  return 'conflict';
}

const cases = ESTIMATE_STATUSES.flatMap((from) =>
  ESTIMATE_STATUSES.flatMap((to) =>
    (['customer', 'staff'] as const).flatMap((actor) =>
      [false, true].map((consent) => ({
        from,
        to,
        actor,
        consent,
        expected: expectedFor(from, to, actor, consent),
      })),
    ),
  ),
);

describe('the status transitions table', () => {
  it('covers every pair of statuses, for both roles, with and without a consent record', () => {
    expect(cases).toHaveLength(8 * 8 * 2 * 2);
  });

  it.each(cases)(
    '$actor: $from → $to (consent record: $consent) is $expected',
    ({ from, to, actor, consent, expected }) => {
      const refusal = statusMoveRefusal(from, to, actor, consent);
      expect(refusal?.code ?? 'allowed').toBe(expected);
      // Every refusal says what to do instead, not just "no".
      if (refusal) expect(refusal.message.length).toBeGreaterThan(20);
    },
  );

  it('names what is missing or misplaced', () => {
    expect(statusMoveRefusal('quoted', 'approved', 'staff', false)?.message).toBe(CONSENT_MISSING);
    expect(CONSENT_MISSING).toMatch(/consent \{method/);
    expect(statusMoveRefusal('approved', 'scheduled', 'staff', true)?.message).toBe(
      CONSENT_ONLY_FOR_APPROVAL,
    );
    expect(statusMoveRefusal('quoted', 'approved', 'customer', true)?.message).toBe(
      CONSENT_IS_THE_SHOPS_TO_RECORD,
    );
    expect(statusMoveRefusal('approved', 'approved', 'customer', false)?.message).toBe(CANNOT_RESPOND);
    expect(statusMoveRefusal('quoted', 'completed', 'customer', false)?.message).toBe(CUSTOMER_STATUS_ONLY);
  });

  it('says what to do instead of walking back past an approval', () => {
    for (const from of ['approved', 'scheduled', 'in_progress', 'completed'] as const) {
      for (const to of ['pending', 'quoted'] as const) {
        const message = statusMoveRefusal(from, to, 'staff', false)?.message;
        expect(message, `${from} → ${to}`).toMatch(/cannot go back/);
        expect(message).toMatch(/supplement/);
        expect(message).toMatch(/cancel/);
      }
    }
    expect(statusMoveRefusal('declined', 'approved', 'staff', true)?.message).toMatch(/quoted anew/);
    expect(statusMoveRefusal('declined', 'completed', 'staff', false)?.message).toMatch(/quoted anew/);
    expect(statusMoveRefusal('quoted', 'in_progress', 'staff', false)?.message).toMatch(/must approve it/);
  });

  it('offers staff exactly the moves of the table, marking the one that needs consent', () => {
    for (const from of ESTIMATE_STATUSES) {
      const { free, withConsent } = STAFF_MOVES[from];
      const expected = ESTIMATE_STATUSES.filter(
        (to) => to !== from && (free.includes(to) || withConsent.includes(to)),
      );
      expect(
        staffStatusChoices(from).map((choice) => choice.status),
        from,
      ).toEqual(expected);
      expect(
        staffStatusChoices(from)
          .filter((choice) => choice.needsConsent)
          .map((choice) => choice.status),
      ).toEqual(withConsent);
    }
  });
});

describe('the consent record', () => {
  it('takes a one-line name and a note that may run over lines, without control characters', () => {
    expect(
      approvalConsentSchema.safeParse({ method: 'phone', name: 'Maria Lopez', note: 'Called\nat 3' }).success,
    ).toBe(true);
    const name = approvalConsentSchema.safeParse({ method: 'phone', name: 'Maria\rLopez' });
    expect(name.error?.issues[0]?.message).toBe(oneLineTextMessage('Name'));
    const note = approvalConsentSchema.safeParse({ method: 'phone', name: 'Maria', note: 'Called\tat 3' });
    expect(note.error?.issues[0]?.message).toBe(multiLineTextMessage('Note'));
  });
});
