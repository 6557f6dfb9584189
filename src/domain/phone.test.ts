import { describe, expect, it } from 'vitest';
import { phoneSearchDigits, toE164 } from './phone.ts';

describe('toE164', () => {
  it('stores every spelling of a US number the same way', () => {
    for (const typed of [
      '(813) 555-0101',
      '813-555-0101',
      '813.555.0101',
      '+1 813 555 0101',
      '1 (813) 555 0101',
    ]) {
      expect(toE164(typed), typed).toBe('+18135550101');
    }
  });

  it('keeps international numbers given with their country code', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what is not a phone number', () => {
    for (const typed of ['', '555', 'call me', '123-456-7890', null, undefined]) {
      expect(toE164(typed), String(typed)).toBeNull();
    }
  });
});

describe('phoneSearchDigits', () => {
  it('reads every way a number is typed as its digits, without a leading US 1', () => {
    for (const typed of [
      '813-555-0142',
      '8135550142',
      '(813) 555 0142',
      '+1 813 555 0142',
      '1-813-555-0142',
    ]) {
      expect(phoneSearchDigits(typed), typed).toBe('8135550142');
    }
    expect(phoneSearchDigits('555.0142')).toBe('5550142');
  });

  it('is null for what is not a phone number, or too short to search by', () => {
    for (const text of ['Maria', 'QRT 5521', 'maria@example.com', '813', '#1a2b']) {
      expect(phoneSearchDigits(text), text).toBeNull();
    }
  });
});
