import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { LANGUAGES } from './language.ts';
import { oneLineText } from './plain-text.ts';

/** NIST SP 800-63B (section 3.1.1.2): at least 8 characters, and none of the most used (below). */
export const PASSWORD_MIN_LENGTH = 8;
/** Passwords set before the 8-character rule were 6 or more: signing in still takes them. */
const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
/** Long enough for any passphrase, short enough that hashing it cannot be used to tie up the server. */
export const PASSWORD_MAX_LENGTH = 200;

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters';
export const PASSWORD_TOO_COMMON =
  'This password is among the most used and easy to guess. Please choose another.';

let commonPasswords: Set<string> | null = null;
/** Whether `value` is one of the most used passwords, whatever its case ("Password1" is "password1"). */
export function isCommonPassword(value: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS.split('\n'));
  return commonPasswords.has(value.toLowerCase());
}

/** A password being set (sign-up, a reset, the create-admin command): long enough and not a common one. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((value) => !isCommonPassword(value), PASSWORD_TOO_COMMON);

/** A password typed to sign in: the rules of the day it was set, so older accounts still get in. */
const signInPassword = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(SIGN_IN_PASSWORD_MIN_LENGTH, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const language = z.enum(LANGUAGES, { error: 'language must be "en" or "es"' });

const name = (message: string, label: 'First name' | 'Last name') =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(100, 'Names must be at most 100 characters')
    .refine(...oneLineText(label));

export const loginSchema = z.object({ email, password: signInPassword });

export const registerSchema = z.object({
  email,
  password: newPasswordSchema,
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
  password: newPasswordSchema,
});

export type LoginInput = z.infer<typeof loginSchema>;
export type PasswordLinkRequestInput = z.infer<typeof passwordLinkRequestSchema>;
export type SetPasswordInput = z.infer<typeof setPasswordSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/** PATCH /api/auth/user: what a signed-in person may change about their own account. */
export const updateOwnAccountSchema = z.strictObject({ language });

export type UpdateOwnAccountInput = z.infer<typeof updateOwnAccountSchema>;

/** POST /api/password/link (202): the same sentence whether or not the address has an account. */
export const passwordLinkReplySchema = z.object({ message: z.string() });

/** E-mail addresses are unique regardless of case; this is the stored form. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}
