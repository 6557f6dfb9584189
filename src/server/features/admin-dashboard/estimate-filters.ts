import { and, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { type AdminEstimateListQuery, shopDayRange } from '#domain/admin-dashboard.ts';
import { normalizePlate } from '#domain/vehicle-identity.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { estimateStatusTotals, estimates, users, vehicles } from '#server/db/schema.ts';
import {
  customerSearchPatterns,
  customerSearchText,
  estimateSearchText,
  vehicleSearchText,
} from '#server/db/search-expressions.ts';

/** "#1A2B3C4D", "1a2b" …: text that can only be the start of an estimate's reference (its id). */
const REFERENCE_PREFIX = /^#?([0-9a-f][0-9a-f-]{0,35})$/i;

/**
 * "Active" as a literal, exactly the predicate of estimates_active_created_idx: a parameter would
 * leave the planner unable to prove the query implies the index's predicate.
 */
const ACTIVE = sql`${estimates.status} not in ('completed', 'cancelled')`;

type Filters = Omit<AdminEstimateListQuery, 'page' | 'pageSize'>;

/** The WHERE of the admin estimate list, on estimates alone (the text search brings its own ids). */
export function adminEstimateWhere(query: Filters): SQL | undefined {
  const { start, end } = shopDayRange(query.from, query.to);
  return and(
    statusCondition(query.status),
    query.customerId ? eq(estimates.userId, query.customerId) : undefined,
    // Exactly the predicate of estimates_owing_created_idx (a literal, not a parameter: a generic plan
    // could not prove a parameter implies the index's predicate), so the planner reads that index.
    query.balanceDue ? sql`${estimates.owedCents} > 0` : undefined,
    start ? gte(estimates.createdAt, start) : undefined,
    end ? lt(estimates.createdAt, end) : undefined,
    query.q ? textCondition(query.q) : undefined,
  );
}

function statusCondition(status: AdminEstimateListQuery['status']): SQL | undefined {
  if (!status) return undefined;
  if (status === 'active') return ACTIVE;
  return eq(estimates.status, status);
}

/**
 * The list's count without text, dates or customer, as a sum over the per-status totals (a row per
 * status) instead of a count of every estimate; null when the filters need the estimates themselves.
 */
export function totalsCount(query: Filters): SQL<number> | null {
  if (query.q || query.from || query.to || query.customerId) return null;
  const t = estimateStatusTotals;
  const column = query.balanceDue ? t.owing : t.estimates;
  const status =
    query.status === 'active'
      ? sql`${t.status} not in ('completed', 'cancelled')`
      : query.status
        ? sql`${t.status} = ${query.status}`
        : sql`true`;
  return sql<number>`coalesce(sum(${column}) filter (where ${status}), 0)::int`;
}

/**
 * Case-insensitive "contains" over what staff remember an estimate by (plate, vehicle, VIN, customer
 * name, e-mail and phone, insurer, description), or the start of its reference; % and _ are taken
 * literally. Each table is searched on its own trigram index (search-expressions.ts) and the matching
 * estimates gathered by id: one expression over the three joined tables could use no index at all.
 */
function textCondition(text: string): SQL {
  const pattern = containsPattern(text);
  // Plates are stored normalised (decision 064): "qrt 55" is part of QRT5521.
  const plate = normalizePlate(text);
  const vehicleText = vehicleSearchText(vehicles);
  const range = referenceRange(text);
  // Each customer's and vehicle's estimates through their own index (OFFSET 0 keeps the lateral
  // subquery apart, so a common name is a few thousand index probes, never a hash of every estimate).
  const estimatesOf = (column: typeof estimates.userId | typeof estimates.vehicleId, id: SQL) =>
    sql`lateral (select ${estimates.id} as id from ${estimates} where ${column} = ${id} offset 0) as found`;
  return sql`${estimates.id} in (
    select found.id from ${users}, ${estimatesOf(estimates.userId, sql`${users.id}`)}
    where ${or(...customerSearchPatterns(text).map((each) => sql`${customerSearchText(users)} ilike ${each}`))}
    union
    select found.id from ${vehicles}, ${estimatesOf(estimates.vehicleId, sql`${vehicles.id}`)}
    where ${or(sql`${vehicleText} ilike ${pattern}`, plate ? sql`${vehicleText} ilike ${containsPattern(plate)}` : undefined)}
    union
    select ${estimates.id} from ${estimates} where ${estimateSearchText(estimates)} ilike ${pattern}
    ${range ? sql`union select ${estimates.id} from ${estimates} where ${estimates.id} between ${range.first} and ${range.last}` : sql``}
  )`;
}

/**
 * The ids a reference prefix covers, as a range of the primary key ("1a2b" → 1a2b0000-… to
 * 1a2bffff-…): a text match on id::text would read every id.
 */
export function referenceRange(text: string): { first: string; last: string } | null {
  const prefix = REFERENCE_PREFIX.exec(text)?.[1];
  if (!prefix) return null;
  const hex = prefix.replaceAll('-', '').toLowerCase();
  if (hex.length > 32) return null;
  const uuid = (digits: string) =>
    `${digits.slice(0, 8)}-${digits.slice(8, 12)}-${digits.slice(12, 16)}-${digits.slice(16, 20)}-${digits.slice(20)}`;
  return { first: uuid(hex.padEnd(32, '0')), last: uuid(hex.padEnd(32, 'f')) };
}
