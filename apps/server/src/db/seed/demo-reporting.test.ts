import { REPORTS, type ReportResponse } from '@rally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { seedDemoContent } from './demo-content.ts';

// The demo's Reporting (issue 13): every report shows months of data for admin@demo.test.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

describe('demo reporting', () => {
  it('gives every report rows and a chart spread over months', async () => {
    const token = await t.login('admin@demo.test');
    const from = new Date(Date.now() - 179 * 86_400_000).toISOString().slice(0, 10);
    for (const report of REPORTS) {
      const res = await t.app.inject({
        url: `/api/admin/reports/${report}?from=${from}`,
        headers: headersFor(token),
      });
      expect(res.statusCode, report).toBe(200);
      const body = res.json() as ReportResponse;
      expect(body.total_rows, report).toBeGreaterThan(0);
      const busy = new Set<string>();
      for (const line of body.series.lines)
        line.values.forEach((v, i) => {
          if (v > 0) busy.add(body.series.days[i]!);
        });
      // Figures in at least two calendar months, over at least four weeks (badges are awarded over the last weeks).
      const days = [...busy].sort();
      expect(new Set(days.map((d) => d.slice(0, 7))).size, report).toBeGreaterThanOrEqual(2);
      expect(Date.parse(days.at(-1)!) - Date.parse(days[0]!), report).toBeGreaterThanOrEqual(28 * 86_400_000);
      // The trainings report shows the minutes spent on each seeded training.
      if (report === 'trainings') {
        const spent = body.rows.filter((r) => Number(r.cells.time_spent) > 0);
        expect(spent.length, 'trainings with time spent').toBeGreaterThanOrEqual(2);
      }
    }
  });
  it("shows the Dashboard's training completion now and 90 days ago, both above none and unequal", async () => {
    const token = await t.login('admin@demo.test');
    const res = await t.app.inject({ url: '/api/admin/dashboard?period=90d', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    const { value, previous } = res.json().trainings_completion as { value: number; previous: number };
    expect(value).toBeGreaterThan(0);
    expect(previous).toBeGreaterThan(0);
    expect(value).not.toBe(previous);
  });

  it("fills the audit log with the admin's recent changes, newest first, each dated and named", async () => {
    const res = await t.app.inject({
      url: '/api/admin/audit?limit=20',
      headers: headersFor(await t.login('admin@demo.test')),
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().entries as {
      action: string;
      actor: { display_name: string } | null;
      target_name: string | null;
      created_at: string;
    }[];
    expect(entries.map((e) => e.action)).toEqual([
      'user.export',
      'user.reactivate',
      'user.deactivate',
      'user.access',
      'user.invite',
      'contract.publish',
      'client.update',
    ]);
    expect(entries.every((e) => e.actor?.display_name === 'Alex Admin')).toBe(true);
    const dates = entries.map((e) => Date.parse(e.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(entries.find((e) => e.action === 'user.access')?.target_name).toBeTruthy();
  });
});
