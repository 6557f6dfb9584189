import { parseArgs } from 'node:util';
import { loginSchema, newPasswordSchema } from '#domain/auth.ts';
import { UsageError } from '#server/cli/with-database.ts';

export const CREATE_ADMIN_USAGE =
  'Usage: npm run create-admin -- --email EMAIL --password PASSWORD [--first-name FIRST] [--last-name LAST]';

export interface CreateAdminInput {
  email: string;
  /** Unset: an existing user is promoted and keeps their password. */
  password: string | undefined;
  firstName: string | undefined;
  lastName: string | undefined;
}

/** The command's arguments, checked by the sign-up form's own rules; anything wrong is a usage error. */
export function readCreateAdminArguments(args: readonly string[]): CreateAdminInput {
  const values = parseFlags(args);
  if (!values.email) throw new UsageError(`--email is required.\n${CREATE_ADMIN_USAGE}`);
  const email = loginSchema.shape.email.safeParse(values.email);
  if (!email.success) throw new UsageError(`${email.error.issues[0]?.message}: ${values.email}`);
  if (values.password !== undefined) {
    const password = newPasswordSchema.safeParse(values.password);
    if (!password.success) throw new UsageError(password.error.issues[0]?.message ?? 'Invalid password');
  }
  return {
    email: email.data,
    password: values.password,
    firstName: readName(values['first-name'], '--first-name'),
    lastName: readName(values['last-name'], '--last-name'),
  };
}

function parseFlags(args: readonly string[]) {
  try {
    const { values } = parseArgs({
      args: [...args],
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
      strict: true,
    });
    return values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${CREATE_ADMIN_USAGE}`);
  }
}

function readName(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const name = value.trim();
  if (name.length > 100) throw new UsageError(`${flag} must be at most 100 characters.`);
  return name || undefined;
}
