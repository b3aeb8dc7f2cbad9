import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeTime,
  memberDailyMetrics,
  participations,
  shareClicks,
  shares,
} from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createActivity,
  createParticipation,
  createProject,
  createShare,
  createUser,
} from '../../test/factories.ts';
import { addPoints, createBoardClient, isoDay } from '../../test/factories-leaderboard.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS);

/** The member's daily rows as { 'day metric': value }, zeros left out. */
async function rowsOf(userId: string): Promise<Record<string, number>> {
  const rows = await t.ctx.db.select().from(memberDailyMetrics).where(eq(memberDailyMetrics.userId, userId));
  return Object.fromEntries(rows.filter((r) => r.value !== 0).map((r) => [`${r.day} ${r.metric}`, r.value]));
}

async function setup() {
  const { clientId } = await createBoardClient(t.ctx.db);
  const user = await createUser(t.ctx.db, { clientId });
  const project = await createProject(t.ctx.db, { clientId });
  const post = await createActivity(t.ctx.db, { clientId, projectId: project.id, type: 'social_post' });
  return { clientId, user, project, post };
}

describe('member_daily_metrics', () => {
  it('adds ledger points on the day of each row, reversals included', async () => {
    const { clientId, user } = await setup();
    await addPoints(t.ctx.db, { clientId, userId: user.id, points: 10, createdAt: daysAgo(3) });
    await addPoints(t.ctx.db, { clientId, userId: user.id, points: 5, createdAt: daysAgo(3) });
    await addPoints(t.ctx.db, { clientId, userId: user.id, points: -4, createdAt: daysAgo(1) });
    expect(await rowsOf(user.id)).toEqual({
      [`${isoDay(daysAgo(3))} points`]: 15,
      [`${isoDay(daysAgo(1))} points`]: -4,
    });
  });

  it('counts a share by network on the day it was posted, and its unique clicks on their days', async () => {
    const { clientId, user, post } = await setup();
    const share = await createShare(t.ctx.db, {
      clientId,
      userId: user.id,
      activityId: post.id,
      channel: 'linkedin',
    });
    expect(await rowsOf(user.id)).toEqual({});
    await t.ctx.db
      .update(shares)
      .set({ sharedAt: daysAgo(2) })
      .where(eq(shares.id, share.id));
    await t.ctx.db.insert(shareClicks).values([
      { clientId, shareId: share.id, visitorHash: 'v1', createdAt: daysAgo(1) },
      { clientId, shareId: share.id, visitorHash: 'v2', createdAt: daysAgo(1) },
      { clientId, shareId: share.id, visitorHash: 'v3', createdAt: daysAgo(0) },
    ]);
    expect(await rowsOf(user.id)).toEqual({
      [`${isoDay(daysAgo(2))} shares:linkedin`]: 1,
      [`${isoDay(daysAgo(1))} clicks`]: 2,
      [`${isoDay(daysAgo(0))} clicks`]: 1,
    });
    // A removed share takes its post and its clicks back.
    await t.ctx.db.delete(shares).where(eq(shares.id, share.id));
    expect(await rowsOf(user.id)).toEqual({});
  });

  it('counts a completed participation under its activity type, and takes it back when it is undone', async () => {
    const { clientId, user, project } = await setup();
    const brand = await createActivity(t.ctx.db, {
      clientId,
      projectId: project.id,
      type: 'content_submission',
    });
    const row = await createParticipation(t.ctx.db, {
      clientId,
      activityId: brand.id,
      userId: user.id,
      isComplete: false,
      updatedAt: daysAgo(4),
    });
    expect(await rowsOf(user.id)).toEqual({});
    await t.ctx.db
      .update(participations)
      .set({ isComplete: true, reviewedAt: daysAgo(2) })
      .where(eq(participations.id, row.id));
    expect(await rowsOf(user.id)).toEqual({ [`${isoDay(daysAgo(2))} activities:content_submission`]: 1 });
    await t.ctx.db
      .update(participations)
      .set({ isComplete: false, status: 'rejected' })
      .where(eq(participations.id, row.id));
    expect(await rowsOf(user.id)).toEqual({});
  });

  it('follows active time as the pings add to it', async () => {
    const { clientId, user } = await setup();
    const day = isoDay(new Date());
    await t.ctx.db
      .insert(activeTime)
      .values({ clientId, userId: user.id, day, seconds: 60, lastPingAt: new Date() });
    await t.ctx.db
      .update(activeTime)
      .set({ seconds: sql`${activeTime.seconds} + 120` })
      .where(and(eq(activeTime.userId, user.id), eq(activeTime.day, day)));
    expect(await rowsOf(user.id)).toEqual({ [`${day} active_seconds`]: 180 });
  });
});
