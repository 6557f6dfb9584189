import { describe, expect, it } from 'vitest';
import { documentRefusal, INVOICE_NOT_READY, WRITTEN_ESTIMATE_NOT_READY } from './repair-documents.ts';

describe('documentRefusal', () => {
  it('has the written estimate once there is an amount, in any status', () => {
    expect(documentRefusal('estimate', { status: 'pending', estimatedAmount: null })).toBe(
      WRITTEN_ESTIMATE_NOT_READY,
    );
    expect(documentRefusal('estimate', { status: 'pending', estimatedAmount: '0.00' })).toBe(
      WRITTEN_ESTIMATE_NOT_READY,
    );
    for (const status of ['quoted', 'approved', 'declined', 'completed']) {
      expect(documentRefusal('estimate', { status, estimatedAmount: '10.00' })).toBeNull();
    }
  });

  it('has the invoice only once the repair is completed', () => {
    expect(documentRefusal('invoice', { status: 'completed', estimatedAmount: '10.00' })).toBeNull();
    for (const status of ['quoted', 'approved', 'scheduled', 'in_progress', 'cancelled']) {
      expect(documentRefusal('invoice', { status, estimatedAmount: '10.00' })).toBe(INVOICE_NOT_READY);
    }
  });
});
