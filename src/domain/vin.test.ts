import { describe, expect, it } from 'vitest';
import {
  VIN_BAD_CHARACTERS,
  VIN_BAD_CHECK_DIGIT,
  VIN_WRONG_LENGTH,
  vinCheckDigit,
  vinProblem,
  vinSchema,
} from './vin.ts';

describe('vinCheckDigit', () => {
  it('gives the ninth character of real VINs', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    expect(vinCheckDigit('KM8K2CAB4PU001140')).toBe('4');
    expect(vinCheckDigit('5YJ3E1EA7KF317000')).toBe('2');
  });
});

describe('vinProblem', () => {
  it('takes a real VIN however it is typed', () => {
    expect(vinProblem('1HGCM82633A004352')).toBeNull();
    expect(vinProblem(' 1hgcm82633a 004352 ')).toBeNull();
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull();
  });

  it('refuses a wrong check digit: one mistyped character', () => {
    expect(vinProblem('1HGCM82643A004352')).toBe(VIN_BAD_CHECK_DIGIT);
    expect(vinProblem('1HGCM82633A004353')).toBe(VIN_BAD_CHECK_DIGIT);
  });

  it('refuses a VIN of any other length, as the issue’s 12 characters', () => {
    expect(vinProblem('5NMS33AD1KH0')).toBe(VIN_WRONG_LENGTH);
    expect(vinProblem('1HGCM82633A0043521')).toBe(VIN_WRONG_LENGTH);
  });

  it('refuses I, O and Q, and anything but letters and digits', () => {
    expect(vinProblem('1HGCM82633AO04352')).toBe(VIN_BAD_CHARACTERS);
    expect(vinProblem('1HGCM8263-A004352')).toBe(VIN_BAD_CHARACTERS);
  });
});

describe('vinSchema', () => {
  it('stores the VIN normalised, and says why a bad one is refused', () => {
    expect(vinSchema.parse('1hgcm82633a004352')).toBe('1HGCM82633A004352');
    expect(vinSchema.safeParse('5NMS33AD1KH0').error?.issues[0]?.message).toBe(VIN_WRONG_LENGTH);
  });
});
