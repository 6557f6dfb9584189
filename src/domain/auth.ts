import { z } from 'zod';
import { LANGUAGES } from './language.ts';
import { oneLineText } from './plain-text.ts';

export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 200;

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

const password = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const language = z.enum(LANGUAGES, { error: 'language must be "en" or "es"' });

const name = (message: string, label: 'First name' | 'Last name') =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Names must be at most 100 characters')
    .refine(...oneLineText(label));

export const loginSchema = z.object({ email, password });

export const registerSchema = z.object({
  email,
  password,
  firstName: name('First name is required', 'First name'),
  lastName: name('Last name is required', 'Last name'),
  /** The page's language when they registered; without it, the browser's (cookie, then Accept-Language). */
  language: language.optional(),
});

/** "Forgot password?" and "set a password" for accounts the shop created: the link goes to this address. */
export const passwordLinkRequestSchema = z.object({ email });

/** The token from the e-mailed link and the new password. */
export const setPasswordSchema = z.object({
  token: z
    .string({ error: 'This link is not valid. Please ask for a new one.' })
    .min(20, 'This link is not valid. Please ask for a new one.')
    .max(200, 'This link is not valid. Please ask for a new one.'),
  password,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type PasswordLinkRequestInput = z.infer<typeof passwordLinkRequestSchema>;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

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

/** PATCH /api/auth/user: what a signed-in person may change about their own account. */
export const updateOwnAccountSchema = z.strictObject({ language });

export type UpdateOwnAccountInput = z.infer<typeof updateOwnAccountSchema>;

/** POST /api/password/link (202): the same sentence whether or not the address has an account. */
export const passwordLinkReplySchema = z.object({ message: z.string() });

/** E-mail addresses are unique regardless of case; this is the stored form. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
