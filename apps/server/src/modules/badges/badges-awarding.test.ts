import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { badgeEvents, participations, shares, userBadges } from '../../db/schema/index.ts';
import { withTransaction } from '../../db/transaction.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createBadge,
  createParticipation,
  createProject,
  createShare,
  createUser,
  headersFor,
} from '../../test/factories.ts';
import { addPoints } from '../../test/factories-leaderboard.ts';
import { drainJobs, jobsOfKind } from '../../test/factories-notifications.ts';
import { evaluateBadges } from './commands/evaluate-badges.ts';

/**
 * Awarding from events: triggers keep the counters and enqueue a 'badges.evaluate' job per event; the job awards
 * each tier once, revokes what a reversal took away, and a criterion change recomputes every member.
 * Run on PostgreSQL too: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
let activityId: string;
let projectId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
  projectId = (await createProject(t.ctx.db, { clientId: ids.demo })).id;
  activityId = (await createActivity(t.ctx.db, { clientId: ids.demo, projectId, type: 'social_post' })).id;
});
afterAll(() => t.close());

const db = () => t.ctx.db;
const tiersOf = async (userId: string, badgeId: string) =>
  (
    await db()
      .select({ tier: userBadges.tier })
      .from(userBadges)
      .where(and(eq(userBadges.userId, userId), eq(userBadges.badgeId, badgeId)))
      .orderBy(userBadges.tier)
  ).map((r) => r.tier);
const eventsOf = async (userId: string, badgeId: string) =>
  (
    await db()
      .select()
      .from(badgeEvents)
      .where(and(eq(badgeEvents.userId, userId), eq(badgeEvents.badgeId, badgeId)))
      .orderBy(badgeEvents.id)
  ).map((e) => `${e.action}:${e.tier}`);
const badgeNotices = async (userId: string, name: string) =>
  (await jobsOfKind(db(), 'notify')).filter(
    (j) =>
      j.payload.kind === 'badge_earned' &&
      (j.payload.to as { users: string[] }).users.includes(userId) &&
      String(j.payload.title).includes(name),
  );
const post = (userId: string) =>
  createShare(db(), { clientId: ids.demo, userId, activityId, sharedAt: new Date() });
const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  t.app.inject({ method, url, headers: headersFor(adminToken), payload });

describe('awarding from events', () => {
  it('awards the tiers reached by shares once each, notifies the highest new one, and only counts posted shares', async () => {
    const badge = await createBadge(db(), {
      clientId: ids.demo,
      name: 'Amplifier',
      criterion: 'shares',
      thresholds: [1, 2, 3],
    });
    const user = await createUser(db(), { clientId: ids.demo });
    await createShare(db(), { clientId: ids.demo, userId: user.id, activityId }); // not posted yet
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([]);
    await post(user.id);
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([1]);
    await post(user.id);
    await post(user.id);
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([1, 2, 3]);
    const notices = await badgeNotices(user.id, 'Amplifier');
    // Silver and gold were reached by the same evaluation: one notification, of the highest.
    expect(notices.map((n) => n.payload.title)).toEqual([
      'You earned the Amplifier badge (Bronze)',
      'You earned the Amplifier badge (Gold)',
    ]);
    expect(notices[1]!.payload).toMatchObject({ body: '3 shares', link: '/performance/badges' });
    expect(await eventsOf(user.id, badge.id)).toEqual(['award:1', 'award:2', 'award:3']);
  });

  it('awards once under parallel events and parallel evaluations', async () => {
    const badge = await createBadge(db(), {
      clientId: ids.demo,
      name: 'Parallel',
      criterion: 'shares',
      thresholds: [3],
    });
    const user = await createUser(db(), { clientId: ids.demo });
    await Promise.all(Array.from({ length: 6 }, () => post(user.id)));
    // Every event's job, run side by side (on PostgreSQL: separate connections).
    await Promise.all(
      Array.from({ length: 6 }, () =>
        withTransaction(db(), (tx) => evaluateBadges(tx, { clientId: ids.demo, userId: user.id })),
      ),
    );
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([0]);
    expect(await eventsOf(user.id, badge.id)).toEqual(['award:0']);
    expect(await badgeNotices(user.id, 'Parallel')).toHaveLength(1);
  });

  it('revokes with a record when a participation is reversed, and awards again when it is approved', async () => {
    const badge = await createBadge(db(), {
      clientId: ids.demo,
      criterion: 'first_brand_content',
      thresholds: [1],
    });
    const brand = await createActivity(db(), { clientId: ids.demo, projectId, type: 'content_submission' });
    const user = await createUser(db(), { clientId: ids.demo });
    const p = await createParticipation(db(), {
      clientId: ids.demo,
      activityId: brand.id,
      userId: user.id,
      status: 'approved',
    });
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([0]);
    await db()
      .update(participations)
      .set({ status: 'rejected', isComplete: false })
      .where(eq(participations.id, p.id));
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([]);
    const [revoked] = await db()
      .select()
      .from(badgeEvents)
      .where(and(eq(badgeEvents.userId, user.id), eq(badgeEvents.action, 'revoke')));
    expect(revoked!.reason).toContain('reversed');
    await db()
      .update(participations)
      .set({ status: 'approved', isComplete: true })
      .where(eq(participations.id, p.id));
    await drainJobs(t);
    expect(await eventsOf(user.id, badge.id)).toEqual(['award:0', 'revoke:0', 'award:0']);
  });

  it('follows a review through the API: approved Brand Content earns it (a review is final there; reversals above)', async () => {
    const badge = await createBadge(db(), {
      clientId: ids.demo,
      name: 'Reviewed',
      criterion: 'activities',
      activityType: 'content_submission',
      thresholds: [1],
    });
    const brand = await createActivity(db(), { clientId: ids.demo, projectId, type: 'content_submission' });
    const user = await createUser(db(), { clientId: ids.demo });
    const p = await createParticipation(db(), {
      clientId: ids.demo,
      activityId: brand.id,
      userId: user.id,
      status: 'pending',
      isComplete: false,
    });
    const approved = await admin('POST', `/api/admin/participations/${p.id}/review`, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([0]);
    expect(await badgeNotices(user.id, 'Reviewed')).toHaveLength(1);
  });

  it('revokes a shares badge when its share is removed, and keeps manual awards', async () => {
    const badge = await createBadge(db(), { clientId: ids.demo, criterion: 'first_share', thresholds: [1] });
    const user = await createUser(db(), { clientId: ids.demo });
    const share = await post(user.id);
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([0]);
    await db().delete(shares).where(eq(shares.id, share.id));
    await drainJobs(t);
    expect(await tiersOf(user.id, badge.id)).toEqual([]);
  });

  it('awards points-in-a-week and streak badges from the ledger rollups', async () => {
    const weekly = await createBadge(db(), {
      clientId: ids.demo,
      criterion: 'points',
      period: 'week',
      thresholds: [50],
    });
    const streak = await createBadge(db(), { clientId: ids.demo, criterion: 'streak', thresholds: [3] });
    const user = await createUser(db(), { clientId: ids.demo });
    const weeksAgo = (n: number) => new Date(Date.now() - n * 7 * 86_400_000);
    await addPoints(db(), { clientId: ids.demo, userId: user.id, points: 30, createdAt: weeksAgo(2) });
    await addPoints(db(), { clientId: ids.demo, userId: user.id, points: 30, createdAt: weeksAgo(1) });
    await drainJobs(t);
    expect(await tiersOf(user.id, weekly.id)).toEqual([]);
    expect(await tiersOf(user.id, streak.id)).toEqual([]);
    await addPoints(db(), { clientId: ids.demo, userId: user.id, points: 50 });
    await drainJobs(t);
    expect(await tiersOf(user.id, weekly.id)).toEqual([0]);
    expect(await tiersOf(user.id, streak.id)).toEqual([0]);
  });

  it('counts nothing of another client: an Acme share moves no Demo badge', async () => {
    const badge = await createBadge(db(), { clientId: ids.demo, criterion: 'shares', thresholds: [1] });
    const acmeUser = await createUser(db(), { clientId: ids.acme });
    const acmeProject = await createProject(db(), { clientId: ids.acme });
    const acmeActivity = await createActivity(db(), { clientId: ids.acme, projectId: acmeProject.id });
    await createShare(db(), {
      clientId: ids.acme,
      userId: acmeUser.id,
      activityId: acmeActivity.id,
      sharedAt: new Date(),
    });
    await drainJobs(t);
    await evaluateBadges(db(), { clientId: ids.demo, userId: acmeUser.id });
    expect(await tiersOf(acmeUser.id, badge.id)).toEqual([]);
  });
});

describe('recomputation after a criterion change', () => {
  it('awards members who now qualify and revokes those who no longer do, in the background', async () => {
    const user = await createUser(db(), { clientId: ids.demo });
    for (let i = 0; i < 3; i++) await post(user.id);
    const created = await admin('POST', '/api/admin/badges', {
      name: 'Five shares',
      criterion: 'shares',
      threshold: 5,
    });
    expect(created.statusCode).toBe(201);
    const badgeId = created.json().badge.id as string;
    await drainJobs(t);
    expect(await tiersOf(user.id, badgeId)).toEqual([]);

    const lowered = await admin('PATCH', `/api/admin/badges/${badgeId}`, { threshold: 3 });
    expect(lowered.json().badge.recompute_percent).toBe(0);
    expect((await jobsOfKind(db(), 'badges.recompute')).filter((j) => j.doneAt === null)).not.toHaveLength(0);
    await drainJobs(t);
    expect(await tiersOf(user.id, badgeId)).toEqual([0]);
    const done = await t.app.inject({ url: `/api/admin/badges/${badgeId}`, headers: headersFor(adminToken) });
    expect(done.json().badge).toMatchObject({ recompute_percent: null, earned_count: expect.any(Number) });
    expect(done.json().badge.earned_count).toBeGreaterThanOrEqual(1);

    await admin('PATCH', `/api/admin/badges/${badgeId}`, { tiers: { bronze: 4, silver: 6, gold: 8 } });
    await drainJobs(t);
    expect(await tiersOf(user.id, badgeId)).toEqual([]);
    expect(await eventsOf(user.id, badgeId)).toEqual(['award:0', 'revoke:0']);
  });

  it('recomputes a client with more members than one step takes', async () => {
    const [{ n }] = (await selectRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users where client_id = ${ids.demo}`,
    )) as [{ n: number }];
    const needed = Math.max(0, 101 - n);
    for (let i = 0; i < needed; i++) await createUser(db(), { clientId: ids.demo });
    const created = await admin('POST', '/api/admin/badges', {
      name: 'Anyone',
      criterion: 'clicks',
      threshold: 1,
    });
    await drainJobs(t);
    const steps = (await jobsOfKind(db(), 'badges.recompute')).filter(
      (j) => (j.payload as { badgeId: string }).badgeId === created.json().badge.id,
    );
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.every((j) => j.doneAt !== null)).toBe(true);
  });
});
