import path from 'node:path';
import pg from 'pg';

/**
 * What the app has queued, sent or still waiting (the outbox keeps its rows; the survey waits a day for
 * its time): read from the outbox table of the browser tests' embedded database, through its socket in
 * DATA_DIR/postgres.
 */
export async function queuedPayloads(
  estimateId: string,
  topic: string,
): Promise<{ kind: string; payload: unknown }[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const client = new pg.Client({
    host: path.join(dataDir, 'postgres'),
    port: 5432,
    user: 'postgres',
    database: 'shop',
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ kind: string; payload: unknown }>(
      'select kind, payload from outbox where estimate_id = $1 and topic = $2 order by kind',
      [estimateId, topic],
    );
    return rows;
  } finally {
    await client.end();
  }
}
