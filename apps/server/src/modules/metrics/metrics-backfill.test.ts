import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { seedDemoContent } from '../../db/seed/demo-content.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';

// Migration 0009 fills member_daily_metrics from the rows that exist; its triggers keep it after. Both must tell
// the same: the demo's history (written through the triggers) equals the migration's backfill of the same rows.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOB_RUNNER: '0' });
  await seedDemoContent(t.ctx.db, t.ctx.storage);
});
afterAll(() => t.close());

const MIGRATION = new URL('../../db/migrations/0009_member-metrics.sql', import.meta.url);

async function snapshot(): Promise<string[]> {
  const rows = await selectRows<{ row: string }>(
    t.ctx.db,
    sql`select concat_ws(' ', client_id, user_id, day, metric, value) as row from member_daily_metrics
      where value <> 0 order by 1`,
  );
  return rows.map((r) => r.row);
}

describe('member_daily_metrics backfill', () => {
  it('rebuilds from the source tables exactly what the triggers kept', async () => {
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(100);
    const backfill = readFileSync(MIGRATION, 'utf8').split('-- What exists already.')[1]!;
    await t.ctx.db.execute(sql`delete from member_daily_metrics`);
    await t.ctx.db.execute(sql.raw(backfill));
    expect(await snapshot()).toEqual(kept);
  });
});
