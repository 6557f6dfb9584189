import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '#server/db/client.ts';
import { outbox, outboxKind } from '#server/db/schema.ts';

/** Waiting to be sent, being sent, given up on: `sent` only grows and is left out. */
const COUNTED_STATUSES = ['pending', 'sending', 'failed'] as const;

/**
 * shop_outbox_messages{kind, status}: the mail and Drive queue, counted at scrape time (one grouped
 * query, on the outbox's status index). Every kind and status is reported, 0 included, so alerts see
 * a series from the start. When the query fails, the gauge is left out of that scrape (the database
 * being down shows in /api/health/ready) and the failure is logged.
 */
export function registerOutboxGauge(registry: Registry, db: Db, log: FastifyBaseLogger): void {
  new Gauge({
    name: 'shop_outbox_messages',
    help: 'Outbox messages by kind (email, drive_estimate) and status (pending: queued or waiting to retry; sending; failed: gave up after every attempt).',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset();
      let rows: { kind: string; status: string; count: number | string }[];
      try {
        const result = await db.execute(
          sql`select ${outbox.kind} as "kind", ${outbox.status} as "status", count(*) as "count"
              from ${outbox} where ${outbox.status} in ('pending', 'sending', 'failed')
              group by 1, 2`,
        );
        rows = (result as unknown as { rows: typeof rows }).rows;
      } catch (error) {
        log.warn({ err: error }, 'metrics: could not count the outbox');
        return;
      }
      for (const kind of outboxKind.enumValues) {
        for (const status of COUNTED_STATUSES) this.set({ kind, status }, 0);
      }
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
    },
  });
}
