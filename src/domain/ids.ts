/** Record ids are UUIDs; a value of another shape names nothing. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and bodies: anything that is not a UUID names nothing (a 404 like a missing id). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
