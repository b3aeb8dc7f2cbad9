import { readFileSync } from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { selectRows } from '../client.ts';
import { seedDemoContent } from './demo-content.ts';

// The demo's admin Dashboard and shares report (issue 13) show a programme: several members' shares on several
// networks over the months, with clicks, written so that every rollup tells the same as the rows.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

const MEMBER = sql`(select id from users where email = 'member@demo.test')`;
const one = async <T>(query: SQL) => (await selectRows<T>(t.ctx.db, query))[0]!;

describe('demo community shares', () => {
  it("gives other members' posted shares on several networks, with clicks in three months or more", async () => {
    const row = await one<{ members: number; networks: number; months: number }>(
      sql`select count(distinct s.user_id)::int as members, count(distinct s.channel)::int as networks,
          (select count(distinct to_char(c.created_at at time zone 'UTC', 'YYYY-MM'))::int
            from share_clicks c join shares cs on cs.id = c.share_id
            where cs.user_id <> ${MEMBER} and cs.client_id = s.client_id) as months
        from shares s join clients cl on cl.id = s.client_id and cl.name = 'Demo'
        where s.shared_at is not null and s.user_id <> ${MEMBER}
        group by s.client_id`,
    );
    expect(row.members).toBeGreaterThanOrEqual(4);
    expect(row.networks).toBeGreaterThanOrEqual(3);
    expect(row.months).toBeGreaterThanOrEqual(3);
  });

  it("counts more than member@demo.test's shares in the Dashboard's last 30 days and the shares report", async () => {
    const token = await t.login('admin@demo.test');
    const res = await t.app.inject({ url: '/api/admin/dashboard?period=30d', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = await one<{ n: number }>(
      sql`select count(*)::int as n from shares where user_id = ${MEMBER}
        and shared_at >= ${body.from}::date::timestamp at time zone 'UTC'`,
    );
    expect(body.shares.value).toBeGreaterThan(mine.n);
    expect(body.clicks.value).toBeGreaterThan(0);
    expect(
      body.networks.filter((n: { shares: { value: number } }) => n.shares.value > 0).length,
    ).toBeGreaterThanOrEqual(3);

    const report = await t.app.inject({
      url: `/api/admin/reports/shares?from=${body.from}`,
      headers: headersFor(token),
    });
    const rows = report.json().rows as { cells: { sharers: number } }[];
    expect(rows.some((r) => r.cells.sharers > 1)).toBe(true);
  });

  it("leaves Demo's week as it was: no share points of its community this week (Acme's crew earns them)", async () => {
    const row = await one<{ n: number }>(
      sql`select count(*)::int as n from points_ledger l
        join clients cl on cl.id = l.client_id and cl.name = 'Demo'
        join participations pa on l.source = 'participation:' || pa.id
        join activities a on a.id = pa.activity_id and a.type = 'social_post'
        where l.user_id <> ${MEMBER}
          and l.created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'`,
    );
    expect(row.n).toBe(0);
  });

  it('keeps the rollups in step with the rows: report_facts as its backfill, leaderboards as the ledger', async () => {
    const snapshot = async () =>
      (
        await selectRows<{ row: string }>(
          t.ctx.db,
          sql`select concat_ws(' ', user_id, day, project_id, activity_id, activity_type, network, metric, value)
            as row from report_facts where value <> 0 order by 1`,
        )
      ).map((r) => r.row);
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(100);
    // Rebuilt from the source tables by the backfills of 0013 (ledger, shares, clicks, participations) and 0016
    // (time on trainings).
    const backfillOf = (file: string) =>
      readFileSync(new URL(`../migrations/${file}`, import.meta.url), 'utf8').split(
        '-- What exists already',
      )[1]!;
    await t.ctx.db.execute(sql`delete from report_facts`);
    for (const file of ['0013_reporting.sql', '0016_training-time.sql'])
      await t.ctx.db.execute(sql.raw(backfillOf(file).replace(/^[^\n]*\n/, '')));
    expect(await snapshot()).toEqual(kept);

    const drift = await one<{ n: number }>(
      sql`select count(*)::int as n from (
          select user_id, sum(points)::int as points from points_ledger group by user_id) l
        full join (select user_id, points from leaderboard_points where period = 'all'
          and project_id = '00000000-0000-0000-0000-000000000000') b on b.user_id = l.user_id
        where coalesce(l.points, 0) <> coalesce(b.points, 0)`,
    );
    expect(drift.n).toBe(0);
  });
});
