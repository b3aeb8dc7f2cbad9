import type {
  AdminParticipation,
  DashboardResponse,
  LeaderboardResponse,
  ReportResponse,
} from '@rally/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { selectRows } from '../client.ts';
import { seedDemoContent } from './demo-content.ts';

// The second demo client is as alive as the first (issue 23): what Acme's leaderboard ranks is its crew's
// activity, which admin Participation, Reporting and the Dashboard show too.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
  token = await t.login('admin@acme.test');
});
afterAll(() => t.close());

const get = async <T>(url: string): Promise<T> => {
  const res = await t.app.inject({ url, headers: headersFor(token, ACME_HOST) });
  expect(res.statusCode, url).toBe(200);
  return res.json() as T;
};

/** Acme's ledger per member: every row, and those not earned by a participation. */
const ledgerOf = (userId: string) =>
  selectRows<{ points: number; bare: number }>(
    t.ctx.db,
    sql`select coalesce(sum(points), 0)::int as points,
          count(*) filter (where source not like 'participation:%')::int as bare
        from points_ledger where user_id = ${userId}`,
  );

describe('Acme demo activity', () => {
  it("ranks on every leaderboard period the points its members' participations earned", async () => {
    for (const period of ['week', 'all'] as const) {
      const board = await get<LeaderboardResponse>(`/api/leaderboard?period=${period}`);
      expect(board.entries.length, period).toBeGreaterThanOrEqual(3);
      if (period === 'week') continue;
      for (const entry of board.entries) {
        const [ledger] = await ledgerOf(entry.id);
        expect(ledger, entry.user?.display_name).toEqual({ points: entry.points, bare: 0 });
      }
    }
  });

  it('shows the top members in Participation, and the same activity in a report and the Dashboard', async () => {
    const board = await get<LeaderboardResponse>('/api/leaderboard?period=all');
    const top = board.entries.slice(0, 3).map((e) => e.id);
    const { participations } = await get<{ participations: AdminParticipation[] }>(
      '/api/admin/participations?limit=100',
    );
    expect(participations.length).toBeGreaterThanOrEqual(15);
    const people = new Set(participations.map((p) => p.user.id));
    for (const id of top) expect(people.has(id), id).toBe(true);
    // Each completion is worth what the ledger holds for it.
    const earned = new Map<string, number>();
    for (const p of participations) earned.set(p.user.id, (earned.get(p.user.id) ?? 0) + p.activity.points);
    for (const entry of board.entries) expect(earned.get(entry.id) ?? 0, entry.id).toBe(entry.points);
    expect(participations.some((p) => p.share && p.share.clicks > 0)).toBe(true);

    // The default range of every report (REPORT_DEFAULT_DAYS): no `from`.
    const summary: Record<string, Record<string, number>> = {};
    for (const report of ['participation', 'shares', 'trainings', 'points'] as const) {
      const body = await get<ReportResponse>(`/api/admin/reports/${report}`);
      expect(body.total_rows, report).toBeGreaterThan(0);
      summary[report] = body.summary;
    }
    const total = board.entries.reduce((sum, e) => sum + e.points, 0);
    expect(Object.values(summary.points!)).toContain(total);

    const dashboard = await get<DashboardResponse>('/api/admin/dashboard');
    expect(dashboard.shares.value).toBeGreaterThan(0);
    expect(dashboard.clicks.value).toBeGreaterThan(0);
    expect(dashboard.participation_rate.value).toBeGreaterThan(0);
    expect(dashboard.top_members.map((m) => m.user_id)).toContain(board.entries[0]!.id);
  });
});
