/** Record ids are UUIDs; a value of another shape names nothing. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and bodies: anything that is not a UUID names nothing (a 404 like a missing id). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A random (version 4) UUID from `crypto.getRandomValues`, which browsers give on plain-HTTP pages
 * too (a shop's desk on the local network), where `crypto.randomUUID` is missing.
 */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
