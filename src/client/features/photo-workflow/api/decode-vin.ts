import { getJson } from '#client/lib/api.ts';
import { type DecodedVin, decodedVinSchema } from '#domain/vin.ts';

/** GET /api/vehicles/decode: the year, make and model of a VIN whose check digit is right. */
export function decodeVin(vin: string): Promise<DecodedVin> {
  return getJson(`/api/vehicles/decode?vin=${encodeURIComponent(vin)}`, decodedVinSchema);
}
