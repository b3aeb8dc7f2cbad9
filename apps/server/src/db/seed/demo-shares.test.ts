import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { seedDemoContent } from './demo-content.ts';

// The demo shows tracked shares (issue 13): My Posts of member@demo.test lists posts on several networks with
// clicks spread over the months, and one share waiting for confirmation.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

interface Post {
  channel: string;
  clicks: number;
  points: number;
  status: string;
  created_at: string;
}

describe('demo shares', () => {
  it("gives member@demo.test's My Posts shares on several networks, clicks over months, one to confirm", async () => {
    const token = await t.login('member@demo.test');
    const res = await t.app.inject({ url: '/api/shares?limit=50', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    const list: Post[] = res.json().shares;
    expect(new Set(list.map((s) => s.channel)).size).toBeGreaterThanOrEqual(4);
    expect(list.filter((s) => s.status === 'pending_confirmation')).toHaveLength(1);
    expect(list.filter((s) => s.points > 0).length).toBeGreaterThanOrEqual(3);
    expect(list.reduce((sum, s) => sum + s.clicks, 0)).toBeGreaterThan(30);
    const times = list.map((s) => Date.parse(s.created_at));
    // Newest first, and spread over months.
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]! - times.at(-1)!).toBeGreaterThan(90 * 86_400_000);
    // Only the last 90 days.
    const recent = await t.app.inject({ url: '/api/shares?period=90d', headers: headersFor(token) });
    expect(recent.json().shares.length).toBeLessThan(list.length);
  });
});
