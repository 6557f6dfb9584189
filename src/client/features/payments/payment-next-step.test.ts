import { describe, expect, it } from 'vitest';
import { schedulingNextStep } from './payment-next-step.ts';

describe('schedulingNextStep', () => {
  it('promises a call to schedule only before the drop-off is booked', () => {
    for (const status of ['quoted', 'approved', 'pending'] as const) {
      expect(schedulingNextStep(status)).toBe('Our team will contact you to schedule your repair.');
    }
  });

  it('says the drop-off is booked once the estimate is scheduled', () => {
    expect(schedulingNextStep('scheduled')).toBe(
      'Your drop-off is already booked. See your estimate for the date and time.',
    );
  });

  it('does not offer scheduling for a repair under way or done', () => {
    expect(schedulingNextStep('in_progress')).not.toMatch(/schedule/);
    expect(schedulingNextStep('completed')).not.toMatch(/schedule/);
  });
});
