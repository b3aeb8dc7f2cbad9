import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';

const TOKEN = 'metrics-token-of-the-operators';

describe('GET /metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    [open, guarded] = await Promise.all([buildTestApp(), buildTestApp({ METRICS_TOKEN: TOKEN })]);
  });
  afterAll(() => Promise.all([open.close(), guarded.close()]));

  it('counts requests by method, route pattern and status for this machine', async () => {
    await open.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } });
    await open.app.inject({ url: '/api/me', headers: { host: DEMO_HOST } });
    const res = await open.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/bootstrap",status="200"\} 1/,
    );
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/me",status="401"\} 1/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('answers 403 to other addresses when no token is configured', async () => {
    const res = await open.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Metrics are only available to operators' });
  });

  it('requires the bearer token when one is configured, even from this machine', async () => {
    const without = await guarded.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(without.statusCode).toBe(403);
    const wrong = await guarded.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
      remoteAddress: '127.0.0.1',
    });
    expect(wrong.statusCode).toBe(403);
    const right = await guarded.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
      remoteAddress: '203.0.113.9',
    });
    expect(right.statusCode).toBe(200);
  });
});
