import type { MetricsResponse } from '@rally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { seedDemoContent } from './demo-content.ts';

// The demo's My Metrics (issue 13): months of daily figures for member@demo.test, so every chart has a story.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

describe('demo metrics', () => {
  it('gives member@demo.test points, shares on several networks, clicks, activities and active time over months', async () => {
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({ url: '/api/metrics?period=90d', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as MetricsResponse;
    const busyBuckets = (key: 'points' | 'clicks' | 'active_seconds') =>
      body.series.filter((p) => p[key] > 0).length;
    expect(busyBuckets('points')).toBeGreaterThanOrEqual(4);
    expect(busyBuckets('clicks')).toBeGreaterThanOrEqual(3);
    expect(busyBuckets('active_seconds')).toBeGreaterThanOrEqual(10);
    expect(body.shares_by_network.filter((s) => s.value > 0).length).toBeGreaterThanOrEqual(2);
    expect(body.totals.participations.value).toBeGreaterThan(0);
    expect(body.totals.active_seconds.team_average).toBeGreaterThan(0);
    expect(body.totals.points.client_median).toBeGreaterThan(0);
    expect(body.rank_history.filter((r) => r.rank !== null).length).toBeGreaterThanOrEqual(4);

    const summary = await t.app.inject({ url: '/api/metrics/summary', headers: headersFor(token) });
    expect(summary.json().week.points).toBeGreaterThan(0);
  });
});
