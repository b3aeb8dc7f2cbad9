import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, reportExports, reportSubscriptions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import {
  createActivity,
  createProject,
  createShare,
  createUser,
  headersFor,
  mailsTo,
} from '../../test/factories.ts';
import { createBoardClient } from '../../test/factories-leaderboard.ts';
import { drainJobs } from '../../test/factories-notifications.ts';
import { nextRunAfter, rangeFor, SUBSCRIPTION_JOB } from './commands/send-report-subscriptions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function seedClient() {
  const board = await createBoardClient(t.ctx.db);
  const { clientId } = board;
  const admin = await createUser(t.ctx.db, { clientId, role: 'ADMIN' });
  const admin2 = await createUser(t.ctx.db, { clientId, role: 'ADMIN' });
  const analyst = await createUser(t.ctx.db, { clientId, role: 'ANALYST' });
  const u = await createUser(t.ctx.db, { clientId, firstName: 'Una', lastName: 'One' });
  const project = await createProject(t.ctx.db, { clientId });
  const post = await createActivity(t.ctx.db, { clientId, projectId: project.id, type: 'social_post' });
  await createShare(t.ctx.db, {
    clientId,
    userId: u.id,
    activityId: post.id,
    channel: 'linkedin',
    sharedAt: new Date(Date.now() - 2 * 86_400_000),
  });
  const login = (email: string | null) => t.login(email!, board.host);
  return {
    board,
    project,
    admin,
    tokens: {
      admin: await login(admin.email),
      admin2: await login(admin2.email),
      analyst: await login(analyst.email),
    },
  };
}

let a: Awaited<ReturnType<typeof seedClient>>;
let b: Awaited<ReturnType<typeof seedClient>>;
beforeAll(async () => {
  a = await seedClient();
  b = await seedClient();
});

const call = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  host: string,
  payload?: object,
) => t.app.inject({ method, url, headers: headersFor(token, host), payload });
const countSubs = async () => (await t.ctx.db.select().from(reportSubscriptions)).length;

describe('scheduled reports', () => {
  it('need a session', async () => {
    await expectSessionRequired(t, { method: 'GET', url: '/api/admin/report-subscriptions' });
    await expectSessionRequired(t, {
      method: 'POST',
      url: '/api/admin/reports/shares/subscriptions',
      payload: { frequency: 'weekly' },
    });
    await expectSessionRequired(t, {
      method: 'DELETE',
      url: `/api/admin/report-subscriptions/${a.project.id}`,
    });
  });

  it('answer 400 naming the field, with nothing created', async () => {
    const before = await countSubs();
    for (const [body, message] of [
      [{ frequency: 'daily' }, 'frequency must be weekly or monthly'],
      [{ frequency: 'weekly', from: '2026-01-01' }, 'from'],
      [{ frequency: 'weekly', activity_type: 'training' }, 'activity_type does not apply'],
    ] as const) {
      const res = await call(
        a.tokens.admin,
        'POST',
        '/api/admin/reports/shares/subscriptions',
        a.board.host,
        body,
      );
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await countSubs()).toBe(before);
  });

  it('are ADMIN only (403 for an ANALYST or a member)', async () => {
    const post = () => ({ frequency: 'weekly' });
    expect(
      (await call(a.tokens.analyst, 'POST', '/api/admin/reports/shares/subscriptions', a.board.host, post()))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(a.tokens.analyst, 'GET', '/api/admin/report-subscriptions', a.board.host)).statusCode,
    ).toBe(403);
    const member = await t.login('member@demo.test');
    expect((await call(member, 'GET', '/api/admin/report-subscriptions', 'localhost')).statusCode).toBe(403);
  });

  it("answer 404 for another client's project and for another client's or admin's subscription", async () => {
    const res = await call(a.tokens.admin, 'POST', '/api/admin/reports/shares/subscriptions', a.board.host, {
      frequency: 'weekly',
      project_id: b.project.id,
    });
    expect(res.statusCode).toBe(404);
    const created = await call(
      b.tokens.admin,
      'POST',
      '/api/admin/reports/points/subscriptions',
      b.board.host,
      {
        frequency: 'monthly',
      },
    );
    const id = created.json().subscription.id;
    expect(
      (await call(a.tokens.admin, 'DELETE', `/api/admin/report-subscriptions/${id}`, a.board.host))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(b.tokens.admin2, 'DELETE', `/api/admin/report-subscriptions/${id}`, b.board.host))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(b.tokens.admin, 'DELETE', `/api/admin/report-subscriptions/${id}`, b.board.host))
        .statusCode,
    ).toBe(200);
  });

  it('subscribe, list, send the email with the summary and CSV link once per period, and unsubscribe', async () => {
    const res = await call(a.tokens.admin, 'POST', '/api/admin/reports/shares/subscriptions', a.board.host, {
      frequency: 'weekly',
      network: 'linkedin',
    });
    expect(res.statusCode).toBe(201);
    const sub = res.json().subscription;
    expect(sub).toMatchObject({
      report: 'shares',
      frequency: 'weekly',
      filters: { network: 'linkedin' },
      last_sent_at: null,
    });
    expect(new Date(sub.next_run_at).getUTCDay()).toBe(1);
    const list = (await call(a.tokens.admin, 'GET', '/api/admin/report-subscriptions', a.board.host)).json();
    expect(list.subscriptions.map((s: { id: string }) => s.id)).toEqual([sub.id]);
    expect(
      (await call(a.tokens.admin2, 'GET', '/api/admin/report-subscriptions', a.board.host)).json()
        .subscriptions,
    ).toEqual([]);

    // Make the first send due now.
    const due = new Date(Date.now() - 1000);
    await t.ctx.db
      .update(reportSubscriptions)
      .set({ nextRunAt: due })
      .where(eq(reportSubscriptions.id, sub.id));
    await t.ctx.db.update(jobs).set({ runAt: due }).where(eq(jobs.kind, SUBSCRIPTION_JOB));
    // A duplicate job for the same run, drained in the same pass: one email all the same.
    const [job] = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, SUBSCRIPTION_JOB));
    await t.ctx.db.insert(jobs).values({ kind: SUBSCRIPTION_JOB, payload: job!.payload, runAt: due });
    await drainJobs(t);
    const mails = await mailsTo(t.ctx.db, a.admin.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('weekly shares report');
    expect(mails[0]!.text).toContain('- shares: 1');
    expect(mails[0]!.text).toMatch(
      new RegExp(
        `^The whole table as CSV .*http://${a.board.host}.*/api/admin/reports/shares/exports/[0-9a-f-]{36}/file$`,
        'm',
      ),
    );
    expect(mails[0]!.text).not.toContain('localhost');
    const [exported] = await t.ctx.db
      .select()
      .from(reportExports)
      .where(eq(reportExports.clientId, a.board.clientId));
    expect(exported).toMatchObject({ report: 'shares', format: 'csv', status: 'done' });
    const [row] = await t.ctx.db.select().from(reportSubscriptions).where(eq(reportSubscriptions.id, sub.id));
    expect(row!.lastSentAt).not.toBeNull();
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
    // The next send waits as a job at the subscription's next run, so the schedule goes on.
    const waiting = (await t.ctx.db.select().from(jobs).where(eq(jobs.kind, SUBSCRIPTION_JOB))).filter(
      (j) => !j.doneAt,
    );
    expect(waiting.map((j) => j.runAt.toISOString())).toEqual([row!.nextRunAt.toISOString()]);

    // A duplicate job for the same run sends nothing more.
    await t.ctx.db.update(jobs).set({ runAt: due }).where(eq(jobs.kind, SUBSCRIPTION_JOB));
    await drainJobs(t);
    expect(await mailsTo(t.ctx.db, a.admin.email!)).toHaveLength(1);

    expect(
      (await call(a.tokens.admin, 'DELETE', `/api/admin/report-subscriptions/${sub.id}`, a.board.host))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(a.tokens.admin, 'GET', '/api/admin/report-subscriptions', a.board.host)).json()
        .subscriptions,
    ).toEqual([]);
  });
});

describe('schedule', () => {
  it('sends weekly on Mondays and monthly on the 1st, covering the period just ended', () => {
    const wed = new Date('2026-11-25T10:00:00Z');
    expect(nextRunAfter(wed, 'weekly').toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(nextRunAfter(wed, 'monthly').toISOString()).toBe('2026-12-01T07:00:00.000Z');
    expect(nextRunAfter(new Date('2026-11-30T07:00:00Z'), 'weekly').toISOString()).toBe(
      '2026-12-07T07:00:00.000Z',
    );
    expect(rangeFor(new Date('2026-11-30T07:00:00Z'), 'weekly')).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
    });
    expect(rangeFor(new Date('2026-12-01T07:00:00Z'), 'monthly')).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });
});
