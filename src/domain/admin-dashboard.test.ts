import { describe, expect, it } from 'vitest';
import {
  adminEstimateListQuerySchema,
  adminEstimatePath,
  adminEstimatesUrl,
  DESCRIPTION_PREVIEW_LENGTH,
  descriptionPreview,
  formatShopDate,
  isCalendarDate,
  normalizePlateSearch,
  pageCount,
  personName,
  quickActionFor,
  shopDayRange,
} from './admin-dashboard.ts';

const parse = (query: Record<string, string | undefined>) => adminEstimateListQuerySchema.safeParse(query);
const firstMessage = (query: Record<string, string | undefined>) => {
  const result = parse(query);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('adminEstimateListQuerySchema', () => {
  it('defaults to the first page of 25 with no filter; blank fields are no filter', () => {
    expect(parse({}).data).toEqual({ page: 1, pageSize: 25 });
    expect(parse({ status: '', q: '  ', from: '', to: '', customerId: '' }).data).toEqual({
      page: 1,
      pageSize: 25,
    });
  });

  it('accepts the eight statuses, in-progress and active, and refuses anything else', () => {
    expect(parse({ status: 'in-progress' }).data?.status).toBe('in_progress');
    expect(parse({ status: 'Quoted' }).data?.status).toBe('quoted');
    expect(parse({ status: 'active' }).data?.status).toBe('active');
    expect(firstMessage({ status: 'lost' })).toBe('Unknown status: lost');
  });

  it('takes trimmed text of at most 100 characters', () => {
    expect(parse({ q: '  civic ' }).data?.q).toBe('civic');
    expect(firstMessage({ q: 'x'.repeat(101) })).toBe('Search text must be at most 100 characters');
  });

  it('takes real calendar days, from not after to', () => {
    expect(parse({ from: '2025-03-01', to: '2025-03-01' }).success).toBe(true);
    expect(firstMessage({ from: '2025-02-30' })).toBe('from must be a date written YYYY-MM-DD');
    expect(firstMessage({ to: '03/01/2025' })).toBe('to must be a date written YYYY-MM-DD');
    expect(firstMessage({ from: '2025-03-02', to: '2025-03-01' })).toBe('from must be on or before to');
  });

  it('bounds page and pageSize', () => {
    expect(parse({ page: '3', pageSize: '100' }).data).toMatchObject({ page: 3, pageSize: 100 });
    for (const bad of [
      { page: '0' },
      { page: '1.5' },
      { page: 'two' },
      { pageSize: '101' },
      { pageSize: '0' },
    ]) {
      expect(parse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('takes a customer id only when it is a uuid', () => {
    expect(firstMessage({ customerId: 'abc' })).toBe('customerId must be a customer id');
  });
});

describe('descriptionPreview', () => {
  it('keeps the first 100 whole characters and says whether more followed', () => {
    expect(descriptionPreview('Dent')).toEqual({ preview: 'Dent', truncated: false });
    const exact = 'a'.repeat(DESCRIPTION_PREVIEW_LENGTH);
    expect(descriptionPreview(exact)).toEqual({ preview: exact, truncated: false });
    expect(descriptionPreview(`${exact}b`)).toEqual({ preview: exact, truncated: true });
    const emoji = `${'🚗'.repeat(101)}`;
    expect(Array.from(descriptionPreview(emoji).preview ?? '')).toHaveLength(100);
  });

  it('counts a cut that lands on a space as a cut, and leaves the space out', () => {
    // The list reads 101 characters; the 101st is a space in the middle of a longer description.
    const head = `${'word '.repeat(20).slice(0, DESCRIPTION_PREVIEW_LENGTH - 1)}x `;
    expect(Array.from(head)).toHaveLength(DESCRIPTION_PREVIEW_LENGTH + 1);
    expect(descriptionPreview(head)).toEqual({ preview: head.trimEnd(), truncated: true });
    const spaceAt100 = `${'a'.repeat(DESCRIPTION_PREVIEW_LENGTH - 1)} b`;
    expect(descriptionPreview(spaceAt100)).toEqual({ preview: 'a'.repeat(99), truncated: true });
  });

  it('is null for a missing or blank description', () => {
    expect(descriptionPreview(null)).toEqual({ preview: null, truncated: false });
    expect(descriptionPreview('   ')).toEqual({ preview: null, truncated: false });
  });
});

describe('shopDayRange', () => {
  it("covers whole days of the shop's time zone, across daylight saving changes", () => {
    // EST (UTC-5) in January, EDT (UTC-4) in July; 2025-03-09 is 23 hours long.
    expect(shopDayRange('2025-01-15', '2025-01-15')).toEqual({
      start: new Date('2025-01-15T05:00:00.000Z'),
      end: new Date('2025-01-16T05:00:00.000Z'),
    });
    expect(shopDayRange('2025-07-04').start).toEqual(new Date('2025-07-04T04:00:00.000Z'));
    expect(shopDayRange(undefined, '2025-03-09').end).toEqual(new Date('2025-03-10T04:00:00.000Z'));
    expect(shopDayRange('2025-12-31', '2025-12-31').end).toEqual(new Date('2026-01-01T05:00:00.000Z'));
    expect(shopDayRange()).toEqual({ start: null, end: null });
  });
});

describe('small helpers', () => {
  it('isCalendarDate', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
  });

  it('quickActionFor: pending → approved → in progress → completed, nothing else', () => {
    expect(quickActionFor('pending')).toEqual({ label: 'Approve Estimate', next: 'approved' });
    expect(quickActionFor('approved')).toEqual({ label: 'Start Repair', next: 'in_progress' });
    expect(quickActionFor('in-progress')).toEqual({ label: 'Mark Complete', next: 'completed' });
    for (const status of ['quoted', 'declined', 'scheduled', 'completed', 'cancelled', 'odd']) {
      expect(quickActionFor(status), status).toBeNull();
    }
  });

  it('normalizePlateSearch and adminEstimatePath', () => {
    expect(normalizePlateSearch('  abc 123 ')).toBe('ABC 123');
    expect(normalizePlateSearch('   ')).toBeNull();
    expect(adminEstimatePath('ABC 123')).toBe('/admin/estimate/ABC%20123');
    expect(adminEstimatePath('A/B')).toBe('/admin/estimate/A%2FB');
  });

  it('pageCount is at least 1', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('personName', () => {
    expect(personName('Maria', 'Lopez')).toBe('Maria Lopez');
    expect(personName(null, ' Lopez ')).toBe('Lopez');
    expect(personName(null, null)).toBeNull();
  });

  it('adminEstimatesUrl leaves unset filters out', () => {
    expect(adminEstimatesUrl({ status: 'quoted', q: ' a&b ', from: '' }, 2, 25)).toBe(
      '/api/admin/estimates?status=quoted&q=a%26b&page=2&pageSize=25',
    );
  });
});

describe('formatShopDate', () => {
  it('shows the day at the shop, not in UTC', () => {
    expect(formatShopDate('2025-01-10T04:30:00.000Z')).toBe('Jan 9, 2025');
    expect(formatShopDate('2025-07-04T16:00:00.000Z')).toBe('Jul 4, 2025');
    expect(formatShopDate(null)).toBeNull();
    expect(formatShopDate('not a date')).toBeNull();
  });
});
