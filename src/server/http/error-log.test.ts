import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { users } from '#server/db/schema.ts';
import { openTestDatabase, testConfig } from '#server/test-support/app.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0LXNhbHQ$c2VjcmV0LWhhc2gtbmV2ZXItbG9nZ2Vk';

describe('security: an error log line never contains query parameters', () => {
  it('logs a failed query with the database message and code, without its parameters', async () => {
    const lines: string[] = [];
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig({ logLevel: 'error' }),
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    // A route whose query fails the way a real one can: the same e-mail address twice.
    app.post('/api/test/duplicate-user', async () => {
      const row = { email: 'leaked@example.com', passwordHash: HASH, firstName: 'Leaky' };
      await database.db.insert(users).values(row);
      await database.db.insert(users).values(row);
      return {};
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test/duplicate-user' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('leaked@example.com');
      const failure = lines.find((line) => line.includes('request failed'));
      expect(failure).toBeDefined();
      expect(failure).toContain('Database query failed');
      expect(failure).toContain('23505');
      for (const line of lines) {
        expect(line).not.toContain('c2VjcmV0LWhhc2gtbmV2ZXItbG9nZ2Vk');
        expect(line).not.toContain('leaked@example.com');
        expect(line).not.toContain('Leaky');
        expect(line).not.toContain('params');
      }
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
