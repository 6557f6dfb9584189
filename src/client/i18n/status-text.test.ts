import { describe, expect, it } from 'vitest';
import { ESTIMATE_STATUSES, STATUS_LABELS } from '#domain/estimate-status.ts';
import english from './locales/en/common.json';
import spanish from './locales/es/common.json';
import { statusText } from './status-text.ts';

const reader = (catalog: Record<string, string>) => (id: string) => catalog[id] ?? id;

describe('statusText', () => {
  it("reads every status in English exactly as the shop's screens label it", () => {
    for (const status of ESTIMATE_STATUSES) {
      expect(statusText(reader(english), status)).toBe(STATUS_LABELS[status]);
    }
  });

  it('has Spanish for every status, and shows an unknown value as it is', () => {
    for (const status of ESTIMATE_STATUSES) {
      expect(statusText(reader(spanish), status)).not.toBe(STATUS_LABELS[status]);
    }
    expect(statusText(reader(spanish), 'mystery')).toBe('mystery');
  });
});
