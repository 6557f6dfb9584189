import { z } from 'zod';
import { LANGUAGES } from './language.ts';

/**
 * Apart from the sign-in rules (auth.ts): every signed-in page checks the account it is sent against
 * this, and should not fetch the list of common passwords with it.
 */
/** The only user fields that ever leave the server. */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  /** The customer's language: screens, e-mails, texts and documents (decision 054). */
  language: z.enum(LANGUAGES),
  isAdmin: z.boolean(),
});

export type PublicUser = z.infer<typeof publicUserSchema>;
