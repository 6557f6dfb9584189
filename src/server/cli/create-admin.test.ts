import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { acquireEmbeddedLock } from '#server/db/embedded-lock.ts';
import { findUserByEmail } from '#server/features/auth/service.ts';
import { verifyPassword } from '#server/password-hash.ts';
import { projectPath } from '#server/project-path.ts';
import { createSession, findSessionUser, sessionId } from '#server/sessions/session-store.ts';
import { embeddedDatabaseConfig } from '#server/test-support/embedded-database.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function createAdmin(...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', projectPath('src/server/cli/create-admin.ts'), ...args],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', cwd: projectPath() },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function readUser(email: string) {
  const database = await openDatabase(embeddedDatabaseConfig(dataDir));
  try {
    return await findUserByEmail(database.db, email);
  } finally {
    await database.close();
  }
}

async function sessionUser(token: string) {
  const database = await openDatabase(embeddedDatabaseConfig(dataDir));
  try {
    return await findSessionUser(database.db, sessionId(token));
  } finally {
    await database.close();
  }
}

// The embedded database and its lock are what this command must handle; PostgreSQL runs the same code.
describe('npm run create-admin', { timeout: 90_000 }, () => {
  // Every refusal's wording: create-admin-arguments.test.ts. Here, that the command prints one and fails.
  it('refuses bad input with a plain message and exit code 1', () => {
    const shortPassword = createAdmin('--email', 'boss@example.com', '--password', '123');
    expect(shortPassword.status).toBe(1);
    expect(shortPassword.stderr).toContain('Error: Password must be at least 8 characters');
  });

  it('creates an admin who can sign in with that password', async () => {
    const result = createAdmin(
      '--email',
      'Boss@Example.com',
      '--password',
      'garage-door-1993',
      '--first-name',
      'Rick',
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Admin boss@example.com created');
    const user = await readUser('boss@example.com');
    expect(user?.isAdmin).toBe(true);
    expect(user?.firstName).toBe('Rick');
    expect(await verifyPassword(user?.passwordHash ?? '', 'garage-door-1993')).toBe(true);
  });

  it('promotes an existing user', async () => {
    const database = await openDatabase(embeddedDatabaseConfig(dataDir));
    await database.migrate();
    const { createUser } = await import('#server/db/factories.ts');
    await createUser(database.db, { email: 'clerk@example.com', password: 'clerk-pass' });
    await database.close();

    const result = createAdmin('--email', 'CLERK@example.com');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('clerk@example.com is now an admin');
    const user = await readUser('clerk@example.com');
    expect(user?.isAdmin).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', 'clerk-pass')).toBe(true);
  });

  it('signs the account out everywhere when it replaces the password', async () => {
    const database = await openDatabase(embeddedDatabaseConfig(dataDir));
    await database.migrate();
    const { createUser } = await import('#server/db/factories.ts');
    const user = await createUser(database.db, { email: 'manager@example.com', password: 'old-pass-1' });
    const token = await createSession(database.db, user.id, 1);
    await database.close();

    expect(createAdmin('--email', 'manager@example.com').status).toBe(0);
    expect(await sessionUser(token)).not.toBeNull();
    const result = createAdmin('--email', 'manager@example.com', '--password', 'new-pass-2');
    expect(result.status).toBe(0);
    expect(await sessionUser(token)).toBeNull();
  });

  it('says plainly when a running server holds the embedded database', () => {
    const release = acquireEmbeddedLock(path.join(dataDir, 'postgres'));
    try {
      const result = createAdmin('--email', 'late@example.com', '--password', 'garage-door-1993');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('is in use by a running server');
      expect(result.stderr).toContain('Stop the server first');
    } finally {
      release();
    }
  });
});
