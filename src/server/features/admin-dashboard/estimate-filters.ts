import { and, eq, gte, ilike, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { type AdminEstimateListQuery, shopDayRange } from '#domain/admin-dashboard.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { estimates, users, vehicles } from '#server/db/schema.ts';

/** "#1A2B3C4D", "1a2b" …: text that can only be the start of an estimate's reference (its id). */
const REFERENCE_PREFIX = /^#?([0-9a-f][0-9a-f-]{0,35})$/i;

/**
 * The WHERE of the admin estimate list. Only the text search looks at the customer (users) and the
 * vehicle: queries join them when needsJoins says so, so a count without text reads estimates alone.
 */
export function adminEstimateWhere(
  query: Omit<AdminEstimateListQuery, 'page' | 'pageSize'>,
): SQL | undefined {
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

/** Text search reaches into users and vehicles, so the query must join them. */
export function needsJoins(query: Pick<AdminEstimateListQuery, 'q'>): boolean {
  return Boolean(query.q);
}

function statusCondition(status: AdminEstimateListQuery['status']): SQL | undefined {
  if (!status) return undefined;
  if (status === 'active') return notInArray(estimates.status, ['completed', 'cancelled']);
  return eq(estimates.status, status);
}

/**
 * Case-insensitive "contains" over what staff remember an estimate by (plate, vehicle, customer name,
 * e-mail and phone, insurer, description), or the start of its reference; % and _ are taken
 * literally. The fields are joined with a separator nobody types, so one pattern test per row covers
 * them all (much cheaper than one ILIKE per field) and a match never spans two fields.
 */
function textCondition(text: string): SQL | undefined {
  const reference = REFERENCE_PREFIX.exec(text)?.[1];
  const haystack = sql`concat_ws(chr(31),
    ${vehicles.licensePlate},
    concat_ws(' ', ${vehicles.year}::text, ${vehicles.make}, ${vehicles.model}),
    concat_ws(' ', ${users.firstName}, ${users.lastName}),
    ${users.email},
    ${users.phone},
    ${estimates.insuranceCompany},
    ${estimates.damageDescription})`;
  return or(
    reference ? sql`${estimates.id}::text like ${`${reference.toLowerCase()}%`}` : undefined,
    ilike(haystack, containsPattern(text)),
  );
}
