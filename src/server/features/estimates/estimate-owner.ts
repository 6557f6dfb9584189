import { and, eq, sql } from 'drizzle-orm';
import { normalizeEmail } from '#domain/auth.ts';
import type { BatchCreateEstimate, NewCustomer } from '#domain/estimate-requests.ts';
import { isUuid } from '#domain/ids.ts';
import { AppError } from '#server/app-error.ts';
import type { Db } from '#server/db/client.ts';
import { sessions, type UserRow, users } from '#server/db/schema.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found';
export const NEW_CUSTOMER_EMAIL_REQUIRED =
  "Enter the customer's e-mail to create an estimate for a new customer.";
export const EMAIL_IS_A_SHOP_ACCOUNT =
  "That e-mail belongs to a shop account. Enter the customer's own e-mail or pick the customer.";
export const NEW_CUSTOMER_SHOP_ONLY = 'Only the shop can create an estimate for a new customer.';
export const CUSTOMER_ID_OR_NEW_CUSTOMER =
  'Send either customerId (an existing customer) or customer (a new one), not both.';

/**
 * Whose estimate it is: a customer's own; for the shop, the customer it picked, the walk-in customer
 * it names (created here), or the customer with the given e-mail, created on the spot if new. A
 * customer created here has no password yet: the welcome e-mail's link sets one. An existing
 * account whose address is unproven is held for its mailbox first (`heldForItsMailbox`).
 */
export async function chooseOwner(
  tx: Db,
  user: UserRow,
  input: BatchCreateEstimate,
): Promise<{ owner: UserRow; created: boolean }> {
  if (!user.isAdmin) {
    if (input.customer) throw new AppError('forbidden', NEW_CUSTOMER_SHOP_ONLY);
    return { owner: user, created: false };
  }
  if (input.customerId && input.customer) throw new AppError('bad_request', CUSTOMER_ID_OR_NEW_CUSTOMER);

  if (input.customerId) {
    const [customer] = isUuid(input.customerId)
      ? await tx
          .select()
          .from(users)
          .where(and(eq(users.id, input.customerId), eq(users.isAdmin, false)))
          .limit(1)
      : [];
    if (!customer) throw new AppError('bad_request', CUSTOMER_NOT_FOUND);
    return { owner: await heldForItsMailbox(tx, customer), created: false };
  }

  if (input.customer) return { owner: await createWalkIn(tx, input.customer), created: true };

  if (input.email === '') throw new AppError('bad_request', NEW_CUSTOMER_EMAIL_REQUIRED);
  const email = normalizeEmail(input.email);
  // Two requests for the same new customer: the unique index lets one insert, the other finds it.
  const inserted = await tx
    .insert(users)
    .values({ email, phone: input.phone || null })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const customer = await findByEmail(tx, email);
  if (!customer) throw new Error('customer row missing after insert');
  if (customer.isAdmin) throw new AppError('bad_request', EMAIL_IS_A_SHOP_ACCOUNT);
  const created = inserted.length > 0;
  return { owner: created ? customer : await heldForItsMailbox(tx, customer), created };
}

/**
 * Anyone can register an address that is not theirs; the shop's estimate for the address's real
 * owner must not land in such an account (decision 082). So an account that set its own password
 * but never used a link sent to its address is held for whoever reads that mailbox: its password
 * is cleared and its sessions end, as for a customer the shop created, and the estimate's e-mail
 * carries the link to set a password. A customer who did register themselves sets it again.
 */
async function heldForItsMailbox(tx: Db, customer: UserRow): Promise<UserRow> {
  if (customer.passwordHash === null || customer.emailConfirmedAt !== null) return customer;
  const [held] = await tx
    .update(users)
    .set({ passwordHash: null, updatedAt: sql`now()` })
    .where(eq(users.id, customer.id))
    .returning();
  await tx.delete(sessions).where(eq(sessions.userId, customer.id));
  return held ?? customer;
}

async function findByEmail(tx: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row;
}

/**
 * A walk-in customer, by name. An e-mail that already has an account is refused (409) rather than
 * taken over: the sentence names who has it, so staff pick that customer instead.
 */
async function createWalkIn(tx: Db, customer: NewCustomer): Promise<UserRow> {
  const email = normalizeEmail(customer.email);
  const [created] = await tx
    .insert(users)
    .values({
      email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone || null,
      language: customer.language,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findByEmail(tx, email);
  if (existing?.isAdmin) throw new AppError('conflict', EMAIL_IS_A_SHOP_ACCOUNT);
  throw new AppError('conflict', emailAlreadyACustomer(email, existing));
}

export function emailAlreadyACustomer(
  email: string,
  existing: Pick<UserRow, 'firstName' | 'lastName'> | undefined,
): string {
  const name = [existing?.firstName, existing?.lastName].filter(Boolean).join(' ').trim();
  return name
    ? `${email} already belongs to the customer ${name}. Search for them under "Existing customer" instead.`
    : `${email} already belongs to a customer. Search for them under "Existing customer" instead.`;
}
