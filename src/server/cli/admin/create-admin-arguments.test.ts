import { describe, expect, it } from 'vitest';
import { UsageError } from '#server/cli/with-database.ts';
import { readCreateAdminArguments } from './create-admin-arguments.ts';

const refusal = (...args: string[]) => {
  try {
    readCreateAdminArguments(args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${args.join(' ')}`);
};

describe('npm run create-admin’s arguments', () => {
  it('refuses bad input with a plain message', () => {
    expect(refusal('--password', 'garage-door-1993')).toContain('--email is required.');
    expect(refusal('--email', 'not-an-email', '--password', 'garage-door-1993')).toBe(
      'Please enter a valid email address: not-an-email',
    );
    expect(refusal('--email', 'boss@example.com', '--password', '123')).toContain(
      'Password must be at least 8 characters',
    );
    expect(refusal('--email', 'boss@example.com', '--password', 'password123')).toContain(
      'among the most used',
    );
    expect(refusal('--email', 'boss@example.com', '--admin')).toContain('Usage: npm run create-admin');
    expect(refusal('--email', 'boss@example.com', '--first-name', 'R'.repeat(101))).toBe(
      '--first-name must be at most 100 characters.',
    );
  });

  it('reads the e-mail as typed (the account lookup matches any case), the names trimmed or left out', () => {
    expect(
      readCreateAdminArguments([
        '--email',
        'Boss@Example.com',
        '--first-name',
        '  Rick ',
        '--last-name',
        ' ',
      ]),
    ).toEqual({ email: 'Boss@Example.com', password: undefined, firstName: 'Rick', lastName: undefined });
  });
});
