import { describe, expect, it } from 'vitest';
import { sampleDocument } from '#server/test-support/pdf.ts';
import { statutoryNotices } from './statutory-notices.ts';

const ids = (lines: ReturnType<typeof sampleDocument>['lines']) =>
  statutoryNotices({ ...sampleDocument(), lines }).map((notice) => notice.id);

describe('the shop-supplies notice (F.S. 559.905(1)(h))', () => {
  it('is printed only where a paint & materials line is charged', () => {
    const lines = sampleDocument().lines;
    expect(ids(lines)).toContain('shopSupplies');
    const withoutMaterials = lines.filter((line) => line.kind !== 'materials');
    expect(ids(withoutMaterials)).not.toContain('shopSupplies');
    const declined = lines.map((line) => (line.kind === 'materials' ? { ...line, declined: true } : line));
    expect(ids(declined)).not.toContain('shopSupplies');
    const free = lines.map((line) => (line.kind === 'materials' ? { ...line, amount: '0.00' } : line));
    expect(ids(free)).not.toContain('shopSupplies');
    expect(ids([])).not.toContain('shopSupplies');
  });
});
