import { describe, expect, it } from 'vitest';
import { localDays, localHours } from './shop-hours.ts';

describe('shop hours in the page language', () => {
  it('keeps English as configured', () => {
    expect(localDays('Monday – Thursday', 'en')).toBe('Monday – Thursday');
  });

  it('names the days in Spanish', () => {
    expect(localDays('Monday – Thursday', 'es')).toBe('Lunes – Jueves');
    expect(localDays('Saturday – Sunday', 'es')).toBe('Sábado – Domingo');
  });

  it('says closed in the given words', () => {
    expect(localHours('Closed', 'Cerrado')).toBe('Cerrado');
    expect(localHours('8:00 AM – 1:00 PM', 'Cerrado')).toBe('8:00 AM – 1:00 PM');
  });
});
