import { sql } from 'drizzle-orm';

/**
 * The version of a set of rows from their timestamps, as one aggregate (an ETag's ingredient): count
 * catches deletions; the sum of every timestamp (in microseconds, exact) changes whenever any one of
 * them does, even when a concurrent change lands with an older timestamp than the newest.
 */
export const versionOf = (stamp: unknown) =>
  sql`concat_ws('|', count(*), max(${stamp}), sum((extract(epoch from ${stamp}) * 1000000)::bigint))`;
