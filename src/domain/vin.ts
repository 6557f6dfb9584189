import { z } from 'zod';
import { normalizeVin } from './vehicle-identity.ts';

/**
 * What makes a VIN real. Every vehicle made for the US since model year 1981 carries a 17-character
 * VIN in the form of ISO 3779 whose 9th character is a check digit computed from the other 16
 * (49 CFR 565.15(c)); I, O and Q never appear (49 CFR 565.15(a)-(b)), so they cannot be mistaken for 1
 * and 0. A typo in one character changes the check digit, so most mistyped VINs are caught here.
 */

export const VIN_LENGTH = 17;

export const VIN_WRONG_LENGTH = 'A VIN has exactly 17 characters. Please check it against the car.';
export const VIN_BAD_CHARACTERS =
  'A VIN has only letters and digits, never I, O or Q. Please check it against the car.';
export const VIN_BAD_CHECK_DIGIT =
  'This VIN is not valid: its check digit (the 9th character) does not match. Please check it against the car.';

const LETTER_VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]{17}$/;

/** The check digit a 17-character VIN of allowed characters must carry: '0'–'9', or 'X' for 10. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, index) => {
    const value = /\d/.test(char) ? Number(char) : (LETTER_VALUES[char] ?? 0);
    return total + value * (WEIGHTS[index] ?? 0);
  }, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Why a VIN (as typed; spaces and case do not matter) is not a real one, or null when it is. */
export function vinProblem(typed: string): string | null {
  const vin = normalizeVin(typed);
  if (vin.length !== VIN_LENGTH) return VIN_WRONG_LENGTH;
  if (!VIN_CHARACTERS.test(vin)) return VIN_BAD_CHARACTERS;
  if (vin[8] !== vinCheckDigit(vin)) return VIN_BAD_CHECK_DIGIT;
  return null;
}

/** A VIN as typed: checked as above, stored normalised (upper case, without spaces). */
export const vinSchema = z
  .string({ error: VIN_WRONG_LENGTH })
  .max(40, VIN_WRONG_LENGTH)
  .superRefine((value, ctx) => {
    const problem = vinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeVin);

/** GET /api/vehicles/decode?vin= */
export const vinDecodeQuerySchema = z.object({ vin: vinSchema });

/** What the decoder reads in a VIN (NHTSA's vPIC data); null where the data does not say. */
export const decodedVinSchema = z.object({
  vin: z.string(),
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});
export type DecodedVin = z.infer<typeof decodedVinSchema>;
