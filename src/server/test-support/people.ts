import { createUser, type UserFields } from '#server/db/factories.ts';
import type { UserRow } from '#server/db/schema.ts';
import { createSession, SESSION_COOKIE } from '#server/sessions/session-store.ts';
import type { TestApp } from './app.ts';

/** A user with a session: `cookie` goes in the Cookie header of `inject` calls. */
export interface Person {
  user: UserRow;
  cookie: string;
}

/** Signs a new user in without the password round trip (hashing would only slow the tests down). */
export async function createPerson(
  t: Pick<TestApp, 'app' | 'database'>,
  fields: UserFields,
): Promise<Person> {
  const user = await createUser(t.database.db, fields);
  const token = await createSession(t.database.db, user.id, 1);
  return { user, cookie: `${SESSION_COOKIE}=${t.app.signCookie(token)}` };
}

/** The cast of the ownership tests: two established customers (decision 082) and the shop. */
export const CAST = {
  alice: { email: 'alice@example.com', firstName: 'Alice', lastName: 'Adams', emailConfirmed: true },
  bob: { email: 'bob@example.com', firstName: 'Bob', lastName: 'Brown', emailConfirmed: true },
  admin: { email: 'shop@example.com', firstName: 'Rick', isAdmin: true },
} as const satisfies Record<string, UserFields>;

export async function createCast(
  t: Pick<TestApp, 'app' | 'database'>,
): Promise<{ alice: Person; bob: Person; admin: Person }> {
  return {
    alice: await createPerson(t, CAST.alice),
    bob: await createPerson(t, CAST.bob),
    admin: await createPerson(t, CAST.admin),
  };
}

/** Headers for a caller: a Person, or nobody (anonymous). */
export function as(person?: Person): Record<string, string> {
  return person ? { cookie: person.cookie } : {};
}
