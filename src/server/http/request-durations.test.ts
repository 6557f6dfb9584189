import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations.ts';

const NAME = 'http_request_duration_seconds';
const HELP = 'Time taken.';
const BOUNDS = [0.001, 0.01, 0.1, 1];

describe('RequestDurations', () => {
  it('is written out exactly as prom-client’s own Histogram fed the same answers', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const durations = new RequestDurations(NAME, HELP, BOUNDS, ours);
    const histogram = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    const answers: [string, string, number, number][] = [
      ['GET', '/api/estimates/:id', 200, 0.0004],
      ['GET', '/api/estimates/:id', 200, 0.001],
      ['GET', '/api/estimates/:id', 200, 0.05],
      ['GET', '/api/estimates/:id', 304, 0.002],
      ['POST', '/api/estimates', 201, 0.3],
      ['GET', 'unmatched', 404, 7],
    ];
    for (const [method, route, status, seconds] of answers) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: status }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain(
      `${NAME}_bucket{le="0.001",method="GET",route="/api/estimates/:id",status_code="200"} 2`,
    );
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('has no series before the first answer, and none after a reset', async () => {
    const registry = new Registry();
    const durations = new RequestDurations(NAME, HELP, BOUNDS, registry);
    expect(await registry.metrics()).not.toContain(`${NAME}_count`);
    durations.observe('GET', '/api/health/live', 200, 0.0001);
    expect(await registry.metrics()).toContain(
      `${NAME}_count{method="GET",route="/api/health/live",status_code="200"} 1`,
    );
    registry.resetMetrics();
    expect(await registry.metrics()).not.toContain(`${NAME}_count`);
  });
});
