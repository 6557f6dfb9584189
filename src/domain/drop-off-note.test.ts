import { describe, expect, it } from 'vitest';
import { canScheduleDropOff, dropOffNote } from './admin-estimates.ts';
import { ESTIMATE_STATUSES } from './estimate-status.ts';

describe("the staff's drop-off card", () => {
  it('speaks of approval only before the customer has approved', () => {
    const waiting = 'A drop-off can be scheduled once the customer has approved the estimate.';
    expect(dropOffNote('pending')).toBe(waiting);
    expect(dropOffNote('quoted')).toBe(waiting);
    for (const status of ['scheduled', 'in_progress', 'completed', 'declined', 'cancelled']) {
      expect(dropOffNote(status), status).not.toBe(waiting);
    }
    expect(dropOffNote('in_progress')).toBe('The vehicle is in the shop: the repair is under way.');
    expect(dropOffNote('completed')).toBe('The repair is completed: no drop-off to schedule.');
  });

  it('has a note for every status where no drop-off can be booked, and none where one can', () => {
    for (const status of ESTIMATE_STATUSES) {
      expect(dropOffNote(status) === null, status).toBe(canScheduleDropOff(status));
    }
  });
});
