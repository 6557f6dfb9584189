import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Customer } from '#domain/customers.ts';
import { forbidden } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { containsPattern } from '#server/db/contains-pattern.ts';
import { type UserRow, users } from '#server/db/schema.ts';

export const CUSTOMER_SEARCH_LIMIT = 20;

/**
 * Shop only: customers (never shop accounts) whose first, last or full name, e-mail or phone
 * contains the text, case-insensitively; at most 20, by last name then first name.
 */
export async function searchCustomers(db: Db, user: UserRow, text: string): Promise<Customer[]> {
  if (!user.isAdmin) throw forbidden();
  const pattern = containsPattern(text);
  const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(
      and(
        eq(users.isAdmin, false),
        or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(fullName, pattern),
          ilike(users.email, pattern),
          ilike(users.phone, pattern),
        ),
      ),
    )
    .orderBy(sql`${users.lastName} asc nulls last`, sql`${users.firstName} asc nulls last`, asc(users.email))
    .limit(CUSTOMER_SEARCH_LIMIT);
}
