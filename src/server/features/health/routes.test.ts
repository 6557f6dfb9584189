import { describe, expect, it } from 'vitest';
import { createTestApp } from '#server/test-support/app.ts';

describe('GET /api/health', () => {
  it('answers 200 while the database answers and 503 once it does not', async () => {
    const t = await createTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
      await t.database.close();
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json().status).toBe('unavailable');
    } finally {
      await t.app.close();
    }
  });
});

describe('GET /api/health/live', () => {
  it('answers 200 without asking the database', async () => {
    const t = await createTestApp();
    try {
      await t.database.close();
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await t.app.close();
    }
  });
});
