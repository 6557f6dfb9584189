import { describe, expect, it } from 'vitest';
import type { Estimate } from '#domain/estimate.ts';
import { pickActiveRepair } from './active-repair.ts';

const estimate = (id: string, status: Estimate['status']): Estimate => ({
  id,
  userId: 'u',
  vehicleId: null,
  status,
  photos: [],
  thumbnails: [],
  damageDescription: null,
  estimatedAmount: null,
  actualAmount: null,
  customerDeductible: null,
  insuranceCoverage: null,
  insuranceCompany: null,
  amountPaid: '0.00',
  supplementAwaiting: false,
  createdAt: '2025-03-01T00:00:00.000Z',
  vehicle: null,
});

describe('pickActiveRepair', () => {
  it('prefers a repair under way over a newer quote or a declined estimate', () => {
    const list = [estimate('a', 'declined'), estimate('b', 'quoted'), estimate('c', 'in_progress')];
    expect(pickActiveRepair(list)?.id).toBe('c');
  });

  it('falls back to the newest open estimate that was not declined', () => {
    const list = [estimate('a', 'declined'), estimate('b', 'pending'), estimate('c', 'completed')];
    expect(pickActiveRepair(list)?.id).toBe('b');
  });

  it('has nothing to follow when every estimate is closed or declined', () => {
    expect(pickActiveRepair([estimate('a', 'completed'), estimate('b', 'declined')])).toBeUndefined();
  });
});
