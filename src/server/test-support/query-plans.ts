import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';

export interface IssuedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A Db over the same pool that writes down every statement it sends, exactly as sent (text and
 * parameters): what a service really asks, for EXPLAIN, instead of a hand-copied string.
 */
export function recordingDb(pool: pg.Pool): { db: Db; issued: IssuedQuery[] } {
  const issued: IssuedQuery[] = [];
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (sql, params) => issued.push({ sql, params }) },
  }) as unknown as Db;
  return { db, issued };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every "Seq Scan" of the plan, by table name. */
function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? '?'] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** Every index the plan reads. */
function indexes(node: PlanNode): string[] {
  const own = node['Index Name'] ? [node['Index Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(indexes)];
}

/**
 * The tables each statement reads whole, and the indexes it reads, from EXPLAIN (FORMAT JSON) with the
 * statement's own parameters. Sequential scans are priced out (enable_seqscan off) so a small test
 * database plans as a big one would: a Seq Scan left in the plan means no index can serve the query.
 */
export async function planOf(
  pool: pg.Pool,
  query: IssuedQuery,
): Promise<{ seqScans: string[]; indexes: string[] }> {
  const client = await pool.connect();
  try {
    await client.query('set enable_seqscan = off');
    const result = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `explain (format json) ${query.sql}`,
      query.params,
    );
    const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error(`no plan for ${query.sql}`);
    return { seqScans: seqScans(plan), indexes: indexes(plan) };
  } finally {
    await client.query('reset enable_seqscan').catch(() => {});
    client.release();
  }
}
