import { desc, eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '#domain/language.ts';
import type { Db } from '#server/db/client.ts';
import { estimates, users } from '#server/db/schema.ts';

/** The language of the customer the shop last texted at this number. */
export async function languageOfNumber(db: Db, phone: string): Promise<Language> {
  const [row] = await db
    .select({ language: users.language })
    .from(estimates)
    .innerJoin(users, eq(users.id, estimates.userId))
    .where(eq(estimates.smsPhone, phone))
    .orderBy(desc(estimates.createdAt))
    .limit(1);
  return row?.language ?? DEFAULT_LANGUAGE;
}
