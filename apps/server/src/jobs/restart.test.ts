import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { notify } from '../modules/notifications/notify.ts';
import { clientIds, userByEmail } from '../test/factories.ts';
import { createPersistentDatabase, notificationsOfUser } from '../test/factories-notifications.ts';

let store: Awaited<ReturnType<typeof createPersistentDatabase>>;
beforeAll(async () => {
  store = await createPersistentDatabase();
}, 60_000);
afterAll(() => store.dispose());

describe('durable jobs across a restart', () => {
  it('runs a notification enqueued before the process stopped, on the next start', async () => {
    // First life: an instance that does not drain jobs (JOB_RUNNER=0) takes the request and stops.
    const first = await store.boot({ JOB_RUNNER: '0' });
    const demo = (await clientIds(first.ctx.db)).demo;
    const member = await userByEmail(first.ctx.db, 'member@demo.test');
    const before = (await notificationsOfUser(first.ctx.db, member.id)).length;
    await notify(first.ctx.db, {
      clientId: demo,
      kind: 'team_announcement',
      to: { users: [member.id] },
      title: 'Survives a restart',
      link: '/community/teams',
    });
    const [pending] = await first.ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify'));
    expect(pending).toMatchObject({ doneAt: null, attempts: 0 });
    await first.close();

    // Second life on the same database: the background runner finds the job by itself.
    const second = await store.boot();
    try {
      await vi.waitFor(
        async () => {
          const rows = await notificationsOfUser(second.ctx.db, member.id);
          expect(rows.map((r) => r.title)).toContain('Survives a restart');
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(await notificationsOfUser(second.ctx.db, member.id)).toHaveLength(before + 1);
      const [done] = await second.ctx.db.select().from(jobs).where(eq(jobs.id, pending!.id));
      expect(done!.doneAt).toBeInstanceOf(Date);
    } finally {
      await second.close();
    }
  }, 60_000);
});
