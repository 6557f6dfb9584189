import { normalizeVin } from '#domain/vehicle-identity.ts';
import type { DecodedVin } from '#domain/vin.ts';
import { vinProblem } from '#domain/vin.ts';
import type { VinDecoder } from '#server/adapters/vin-decoder/vpic-decoder.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import type { UserRow } from '#server/db/schema.ts';
import { hitRateLimit, type RateLimit, scaledLimit } from '#server/http/rate-limiter.ts';

/** A form decodes once per VIN typed; a decode reads the vPIC database for a fraction of a second. */
const DECODE_LIMIT: RateLimit = {
  name: 'vin-decode',
  max: 60,
  windowSeconds: 600,
  tooMany: 'Too many requests.',
};

/**
 * GET /api/vehicles/decode: the year, make and model NHTSA's data gives a real VIN. A VIN that is not
 * one (length, characters, check digit) is 422 with the reason, before the database is touched.
 */
export async function decodeVin(
  db: Db,
  decoder: VinDecoder,
  user: UserRow,
  typed: string,
  rateLimitScale: number,
): Promise<DecodedVin> {
  const problem = vinProblem(typed);
  if (problem) throw new AppError('unprocessable', problem);
  await hitRateLimit(db, scaledLimit(DECODE_LIMIT, rateLimitScale), user.id);
  const vin = normalizeVin(typed);
  return { vin, ...(await decoder.decode(vin)) };
}
