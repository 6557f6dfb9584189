/**
 * Canonical JSON of plain data (objects, arrays, strings, finite numbers, booleans, null): object keys
 * sorted by code unit, no white space, numbers and strings as JSON.stringify writes them (RFC 8785's
 * rules for the values a signed authorisation holds). The same data always gives the same text, so
 * its SHA-256 can be recomputed by anyone from the stored content (decision 071).
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no NaN or Infinity');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value)
    .filter((key) => value[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key] as JsonValue)}`).join(',')}}`;
}
