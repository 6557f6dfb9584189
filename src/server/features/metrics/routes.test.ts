import { describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema.ts';
import { createTestApp } from '#server/test-support/app.ts';
import { setUpTestShop, type TestShop } from '#server/test-support/test-shop.ts';

const TOKEN = 'metrics-test-token-0123456789';
const scrape = (t: Pick<TestShop, 'app'>, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('answers 404, as an unknown path does, and collects nothing', async () => {
    const t = await createTestApp();
    try {
      const res = await scrape(t, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found: GET /api/metrics' });
      expect(t.app.metrics).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  const t = setUpTestShop({ metricsToken: TOKEN });

  it('answers 401 with WWW-Authenticate to a missing or wrong bearer token, and to a session', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      TOKEN,
    ]) {
      const res = await scrape(t, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers 200 in Prometheus text with requests by route pattern, the outbox, memory and event-loop lag', async () => {
    const id = '4b1c2d3e-0000-4000-8000-000000000001';
    await t.app.inject({ method: 'GET', url: `/api/estimates/${id}?email=someone@example.com` });
    await t.app.inject({ method: 'GET', url: '/api/no/such/path' });
    await t.database.db.insert(outbox).values([
      { kind: 'email', topic: 'metrics_test', payload: {} },
      { kind: 'email', topic: 'metrics_test', payload: {} },
      { kind: 'email', topic: 'metrics_test', payload: {}, status: 'failed', attempts: 8 },
    ]);

    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const body = res.body;
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/estimates\/:id",status_code="401"\} 1$/m,
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/api\/estimates\/:id",status_code="401"\} \d+$/m,
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} 1$/m,
    );
    expect(body).not.toContain(id);
    expect(body).not.toContain('someone@example.com');
    expect(body).not.toContain('/api/no/such/path');
    expect(body).toMatch(/^shop_outbox_messages\{kind="email",status="pending"\} 2$/m);
    expect(body).toMatch(/^shop_outbox_messages\{kind="email",status="failed"\} 1$/m);
    expect(body).toMatch(/^shop_outbox_messages\{kind="drive_estimate",status="pending"\} 0$/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds [\d.e+-]+$/m);
    expect(body).toMatch(/^nodejs_heap_size_used_bytes \d+/m);
  });

  it('reports shop_backup_age_seconds only once a backup system registers its source', async () => {
    const metrics = t.app.metrics;
    if (!metrics) throw new Error('metrics are on here');
    const read = async () => (await scrape(t, `Bearer ${TOKEN}`)).body;

    expect(await read()).not.toContain('shop_backup_age_seconds');

    metrics.setLastBackupSource(() => new Date(Date.now() - 3_600_000));
    const age = Number(/^shop_backup_age_seconds ([\d.]+)$/m.exec(await read())?.[1]);
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);

    metrics.setLastBackupSource(async () => null);
    expect(await read()).toMatch(/^shop_backup_age_seconds \+Inf$/m);

    metrics.setLastBackupSource(() => {
      throw new Error('backup folder unreadable');
    });
    // prom-client writes "Nan"; Prometheus reads NaN in any case.
    expect(await read()).toMatch(/^shop_backup_age_seconds nan$/im);

    metrics.setLastBackupSource(null);
    expect(await read()).not.toContain('shop_backup_age_seconds');
  });
});
