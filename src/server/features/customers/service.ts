import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Customer } from '#domain/customers.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { type UserRow, users } from '#server/db/schema.ts';
import { customerSearchPatterns, customerSearchText } from '#server/db/search-expressions.ts';

export const CUSTOMER_SEARCH_LIMIT = 20;

/**
 * Shop only: customers (never shop accounts) whose first, last or full name, e-mail or phone
 * contains the text, case-insensitively; at most 20, by last name then first name, and whether more
 * matched (the desk is told to type more rather than left to think the list is whole).
 */
export async function searchCustomers(
  db: Db,
  user: UserRow,
  text: string,
): Promise<{ customers: Customer[]; more: boolean }> {
  if (!user.isAdmin) throw forbidden();
  // One more than are shown: whether there are more.
  const found = await matchingCustomers(db, text, CUSTOMER_SEARCH_LIMIT + 1);
  return { customers: found.slice(0, CUSTOMER_SEARCH_LIMIT), more: found.length > CUSTOMER_SEARCH_LIMIT };
}

function matchingCustomers(db: Db, text: string, limit: number): Promise<Customer[]> {
  return (
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      })
      .from(users)
      // One ILIKE on the expression users_search_trgm_idx is built on (decision 074).
      .where(
        and(
          eq(users.isAdmin, false),
          or(...customerSearchPatterns(text).map((pattern) => ilike(customerSearchText(users), pattern))),
        ),
      )
      .orderBy(
        sql`${users.lastName} asc nulls last`,
        sql`${users.firstName} asc nulls last`,
        asc(users.email),
      )
      .limit(limit)
  );
}
