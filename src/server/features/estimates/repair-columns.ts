import { type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { estimateEvents, estimates } from '#server/db/schema.ts';

/**
 * What the shop's lists tell about a car in the shop, as columns of a query over `estimates`: each a
 * scalar subquery on the estimate's events (estimate_events_estimate_idx), null unless in progress.
 */

const wentIn = alias(estimateEvents, 'went_in_event');
const stageEvent = alias(estimateEvents, 'stage_event');

const isInProgress = sql`${estimates.status} = 'in_progress'`;

/** The newest change to in progress: a car sent back and brought in again counts from its return. */
const wentInAt = sql`(select max(${wentIn.createdAt}) from ${estimateEvents} as ${sql.identifier('went_in_event')}
  where ${wentIn.estimateId} = ${estimates.id} and ${wentIn.kind} = 'status' and ${wentIn.name} = 'in_progress')`;

/** When the car went in progress; null for any other status. */
export function inShopSince(): SQL.Aliased<Date | null> {
  return sql<Date | null>`case when ${isInProgress} then ${wentInAt} end`
    .mapWith(estimateEvents.createdAt)
    .as('in_shop_since');
}

/** The stage the car last reached since it went in progress; null for any other status. */
export function currentStage(): SQL.Aliased<string | null> {
  return sql<
    string | null
  >`case when ${isInProgress} then (select ${stageEvent.name} from ${estimateEvents} as ${sql.identifier('stage_event')}
      where ${stageEvent.estimateId} = ${estimates.id} and ${stageEvent.kind} = 'stage'
        and ${stageEvent.createdAt} >= coalesce(${wentInAt}, '-infinity')
      order by ${stageEvent.createdAt} desc, ${stageEvent.id} desc limit 1) end`.as('repair_stage');
}
