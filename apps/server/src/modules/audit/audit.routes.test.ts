import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createUser, userByEmail } from '../../test/factories.ts';

/** The admin Audit log (ADMIN only): who changed what and when, newest first, by action and actor, paged. */

const f = useAdminFixture();
type Entry = {
  id: string;
  action: string;
  actor: { id: string; display_name: string } | null;
  target_name: string | null;
};
const read = async (query = '', token = f.tokens.admin) => {
  const res = await f.send('GET', `/api/admin/audit${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; next_cursor: string | null };
};

describe('GET /api/admin/audit', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/audit' });
  });

  it('answers 400 naming the field for bad filters', async () => {
    for (const [query, message] of [
      ['?actor=me', /actor must be a user id/],
      ['?action=DROP%20TABLE', /action must be an action name/],
      ['?limit=0', /limit cannot be 0/],
      ['?from=yesterday', /from must be a date \(YYYY-MM-DD\)/],
      ['?to=2026-02-30', /to must be a date/],
      ['?from=2026-03-02&to=2026-03-01', /to must be on or after from/],
    ] as const) {
      const res = await f.send('GET', `/api/admin/audit${query}`, f.tokens.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 403 to leads, analysts without team tags, members and applicants', async () => {
    const analyst = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST' });
    for (const token of [
      f.tokens.lead,
      f.tokens.member,
      await f.t.login(analyst.email!),
      await f.t.login('applicant@demo.test'),
    ]) {
      expect((await f.send('GET', '/api/admin/audit', token)).statusCode).toBe(403);
    }
  });

  it("shows who changed what, filtered by action and actor and paged; never another client's rows", async () => {
    const target = await createUser(f.t.ctx.db, {
      clientId: f.ids.demo,
      firstName: 'Audrey',
      lastName: 'Target',
    });
    const admin = await userByEmail(f.t.ctx.db, 'admin@demo.test');
    await f.send('POST', `/api/admin/users/${target.id}/deactivate`, f.tokens.admin);
    await f.send('POST', `/api/admin/users/${target.id}/reactivate`, f.tokens.admin);
    const acmeTarget = await createUser(f.t.ctx.db, { clientId: f.ids.acme });
    await f.send(
      'POST',
      `/api/admin/users/${acmeTarget.id}/deactivate`,
      f.tokens.acmeAdmin,
      undefined,
      '127.0.0.1',
    );

    const deactivations = await read('?action=user.deactivate&limit=100');
    expect(deactivations.entries[0]).toMatchObject({
      action: 'user.deactivate',
      actor: { id: admin.id, display_name: 'Alex Admin' },
      target_name: 'Audrey Target',
    });
    expect(deactivations.entries.every((e) => e.action === 'user.deactivate')).toBe(true);
    expect(deactivations.entries.some((e) => e.target_name === null)).toBe(false);

    const mine = await read(`?actor=${admin.id}&limit=1`);
    expect(mine.entries).toMatchObject([{ action: 'user.reactivate' }]);
    expect(mine.next_cursor).not.toBeNull();
    const next = await read(`?actor=${admin.id}&limit=1&cursor=${mine.next_cursor}`);
    expect(next.entries).toMatchObject([{ action: 'user.deactivate' }]);
  });

  it('keeps the rows of the days asked for, both ends included (UTC)', async () => {
    const target = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    await f.send('POST', `/api/admin/users/${target.id}/deactivate`, f.tokens.admin);
    const [row] = await f.t.ctx.db
      .update(auditLog)
      .set({ createdAt: new Date('2026-03-01T23:59:59Z') })
      .where(and(eq(auditLog.clientId, f.ids.demo), eq(auditLog.target, target.id)))
      .returning({ id: auditLog.id });
    expect(row).toBeDefined();
    const ids = async (query: string) =>
      (await read(`?action=user.deactivate&limit=100&${query}`)).entries.map((e) => e.id);
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([row!.id]);
    expect(await ids('to=2026-03-01')).toContain(row!.id);
    expect(await ids('from=2026-03-02')).not.toContain(row!.id);
    expect(await ids('from=2026-02-01&to=2026-02-28')).not.toContain(row!.id);
  });
});
