import { describe, expect, it } from 'vitest';
import {
  customerMayChangePlate,
  customerMayEditPhotos,
  customerMayRemovePhotos,
  ESTIMATE_STATUSES,
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
    expect(isActiveStatus('declined')).toBe(false);
    expect(isActiveStatus('quoted')).toBe(true);
    expect(isActiveStatus('in-progress')).toBe(true);
    expect(isPayableStatus('approved')).toBe(true);
    expect(isPayableStatus('scheduled')).toBe(true);
    expect(isPayableStatus('completed')).toBe(true);
    expect(isPayableStatus('quoted')).toBe(false);
    expect(isPayableStatus('in_progress')).toBe(false);
  });

  it('marks the progress strip as the spec says', () => {
    expect(progressStepsReached('pending')).toBe(0);
    expect(progressStepsReached('quoted')).toBe(0);
    expect(progressStepsReached('approved')).toBe(1);
    // Booking the drop-off comes after the approval: the strip keeps Approved marked.
    expect(progressStepsReached('scheduled')).toBe(1);
    expect(progressStepsReached('in-progress')).toBe(2);
    expect(progressStepsReached('completed')).toBe(4);
    expect(progressStepsReached('declined')).toBe(0);
    expect(progressStepsReached('cancelled')).toBe(0);
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('mystery')).toBe('mystery');
  });
});

describe('security: once quoted, photos are evidence and the plate is the shop’s', () => {
  it('lets a customer remove photos and change the plate only while the estimate is pending', () => {
    expect(customerMayRemovePhotos('pending')).toBe(true);
    expect(customerMayChangePlate('pending')).toBe(true);
    for (const status of ESTIMATE_STATUSES.filter((s) => s !== 'pending')) {
      expect(customerMayRemovePhotos(status), status).toBe(false);
      expect(customerMayChangePlate(status), status).toBe(false);
    }
    expect(customerMayRemovePhotos('in-progress')).toBe(false);
    expect(customerMayRemovePhotos('something-new')).toBe(false);
  });

  it('closes the photos of completed, declined and cancelled estimates to the customer', () => {
    for (const status of ESTIMATE_STATUSES) {
      expect(customerMayEditPhotos(status), status).toBe(
        !['completed', 'declined', 'cancelled'].includes(status),
      );
    }
  });
});
