import { describe, expect, it } from 'vitest';
import english from '#client/i18n/locales/en/payment.json';
import { schedulingNextStep } from './payment-next-step.ts';

const nextStep = (status: Parameters<typeof schedulingNextStep>[0]) =>
  (english as Record<string, string>)[schedulingNextStep(status)];

describe('schedulingNextStep', () => {
  it('promises a call to schedule only before the drop-off is booked', () => {
    for (const status of ['quoted', 'approved', 'pending'] as const) {
      expect(nextStep(status)).toBe('Our team will contact you to schedule your repair.');
    }
  });

  it('says the drop-off is booked once the estimate is scheduled', () => {
    expect(nextStep('scheduled')).toBe(
      'Your drop-off is already booked. See your estimate for the date and time.',
    );
  });

  it('does not offer scheduling for a repair under way or done', () => {
    expect(nextStep('in_progress')).not.toMatch(/schedule/);
    expect(nextStep('completed')).not.toMatch(/schedule/);
  });
});
