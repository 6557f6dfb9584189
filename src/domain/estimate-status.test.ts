import { describe, expect, it } from 'vitest';
import {
  isActiveStatus,
  isPayableStatus,
  normalizeStatus,
  progressStepsReached,
  statusLabel,
} from './estimate-status.ts';
import { estimateStatusSchema } from './estimate-status-schema.ts';

describe('estimate status', () => {
  it('stores in_progress and accepts in-progress on input', () => {
    expect(normalizeStatus('in-progress')).toBe('in_progress');
    expect(normalizeStatus('IN_PROGRESS')).toBe('in_progress');
    expect(normalizeStatus('shipped')).toBeNull();
    expect(estimateStatusSchema.parse('in-progress')).toBe('in_progress');
    expect(estimateStatusSchema.safeParse('shipped').error?.issues[0]?.message).toBe(
      'Unknown status: shipped',
    );
  });

  it('knows which statuses are active and payable', () => {
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('cancelled')).toBe(false);
    expect(isActiveStatus('in-progress')).toBe(true);
    expect(isPayableStatus('approved')).toBe(true);
    expect(isPayableStatus('scheduled')).toBe(true);
    expect(isPayableStatus('quoted')).toBe(false);
  });

  it('marks the progress strip as the spec says', () => {
    expect(progressStepsReached('pending')).toBe(0);
    expect(progressStepsReached('approved')).toBe(1);
    expect(progressStepsReached('in-progress')).toBe(2);
    expect(progressStepsReached('completed')).toBe(4);
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('mystery')).toBe('mystery');
  });
});
