import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import { personName } from '#domain/admin-dashboard.ts';
import { CLOSED_STATUSES } from '#domain/calendar.ts';
import { estimateReference } from '#domain/estimate.ts';
import type { AwaitingCustomerItem } from '#domain/front-desk.ts';
import type { Db } from '#server/db/client.ts';
import { estimateEvents, estimateSupplements, estimates, users } from '#server/db/schema.ts';

/** Enough for the desk: the oldest waits are the ones to chase. */
const AWAITING_CUSTOMER_LIMIT = 100;

/**
 * What waits on the customers: quotes sent (status quoted) and supplements sent for approval (pending,
 * on an estimate still open), oldest first. A quote waits since its newest move to quoted.
 */
export async function loadAwaitingCustomer(db: Db): Promise<AwaitingCustomerItem[]> {
  const quotedAt = db
    .select({ at: estimateEvents.createdAt })
    .from(estimateEvents)
    .where(
      and(
        eq(estimateEvents.estimateId, estimates.id),
        eq(estimateEvents.kind, 'status'),
        eq(estimateEvents.name, 'quoted'),
      ),
    )
    .orderBy(desc(estimateEvents.createdAt))
    .limit(1)
    .as('quoted_at');
  const quotes = await db
    .select({
      estimateId: estimates.id,
      amount: estimates.estimatedAmount,
      since: sql<Date>`coalesce(${quotedAt.at}, ${estimates.updatedAt})`.mapWith(estimates.updatedAt),
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(estimates)
    .leftJoinLateral(quotedAt, sql`true`)
    .innerJoin(users, eq(users.id, estimates.userId))
    .where(eq(estimates.status, 'quoted'))
    .orderBy(asc(estimates.updatedAt))
    .limit(AWAITING_CUSTOMER_LIMIT);
  const supplements = await db
    .select({
      estimateId: estimates.id,
      number: estimateSupplements.number,
      amount: estimateSupplements.amount,
      since: estimateSupplements.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(estimateSupplements)
    .innerJoin(estimates, eq(estimates.id, estimateSupplements.estimateId))
    .innerJoin(users, eq(users.id, estimates.userId))
    .where(and(eq(estimateSupplements.status, 'pending'), notInArray(estimates.status, [...CLOSED_STATUSES])))
    .orderBy(asc(estimateSupplements.createdAt))
    .limit(AWAITING_CUSTOMER_LIMIT);
  const customerName = (row: { firstName: string | null; lastName: string | null; email: string }) =>
    personName(row.firstName, row.lastName) ?? row.email;
  const items: AwaitingCustomerItem[] = [
    ...quotes.map((row) => ({
      estimateId: row.estimateId,
      reference: estimateReference(row.estimateId),
      kind: 'quote' as const,
      supplementNumber: null,
      customerName: customerName(row),
      amount: row.amount,
      since: row.since.toISOString(),
    })),
    ...supplements.map((row) => ({
      estimateId: row.estimateId,
      reference: estimateReference(row.estimateId),
      kind: 'supplement' as const,
      supplementNumber: row.number,
      customerName: customerName(row),
      amount: row.amount,
      since: row.since.toISOString(),
    })),
  ];
  return items.sort((a, b) => a.since.localeCompare(b.since)).slice(0, AWAITING_CUSTOMER_LIMIT);
}
