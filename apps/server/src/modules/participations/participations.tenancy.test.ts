import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createParticipation,
  createProject,
  createUser,
  ledgerOf,
  userByEmail,
} from '../../test/factories.ts';
import { jobsOfKind } from '../../test/factories-notifications.ts';
import { reviewParticipation } from './commands/review-participation.ts';
import { decidePendingParticipation, resubmitParticipation } from './participations.repository.ts';

/**
 * Every participation write takes the tenant: called with the other client's id on a submission of Demo, it
 * changes nothing; with Demo's own id it does (so the first assertion is not vacuous).
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: { id: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await userByEmail(t.ctx.db, 'admin@demo.test');
});
afterAll(() => t.close());

const participationRow = async (id: string) =>
  (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0];
const notifyJobs = async () => (await jobsOfKind(t.ctx.db, 'notify')).length;

/** A pending Brand Content submission of a fresh member of Demo. */
async function demoSubmission() {
  const member = await createUser(t.ctx.db, { clientId: ids.demo });
  const project = await createProject(t.ctx.db, { clientId: ids.demo });
  const activity = await createActivity(t.ctx.db, {
    clientId: ids.demo,
    projectId: project.id,
    type: 'content_submission',
    points: 40,
    config: { type: 'content_submission', prompt: 'Show us', media: 'any' },
  });
  const participation = await createParticipation(t.ctx.db, {
    clientId: ids.demo,
    activityId: activity.id,
    userId: member.id,
    status: 'pending',
    isComplete: false,
    data: { caption: 'Our stand', media_urls: [] },
  });
  return { member, activity, participation };
}

describe('participation writes', () => {
  it("decidePendingParticipation with another client's id decides nothing", async () => {
    const { participation } = await demoSubmission();
    const before = await participationRow(participation.id);
    const decision = {
      participationId: participation.id,
      reviewerId: admin.id,
      approved: true,
      reason: null,
    };
    expect(await decidePendingParticipation(t.ctx.db, { ...decision, clientId: ids.acme })).toBe(false);
    expect(await participationRow(participation.id)).toEqual(before);
    expect(await decidePendingParticipation(t.ctx.db, { ...decision, clientId: ids.demo })).toBe(true);
    expect((await participationRow(participation.id))?.status).toBe('approved');
  });

  it("resubmitParticipation with another client's id changes nothing", async () => {
    const { participation } = await demoSubmission();
    const before = await participationRow(participation.id);
    const values = {
      status: 'completed' as const,
      data: { text: 'Replaced' },
      isComplete: true,
      updatedAt: new Date(),
    };
    const input = { participationId: participation.id, values };
    expect(await resubmitParticipation(t.ctx.db, { ...input, clientId: ids.acme })).toBeUndefined();
    expect(await participationRow(participation.id)).toEqual(before);
    expect((await resubmitParticipation(t.ctx.db, { ...input, clientId: ids.demo }))?.status).toBe(
      'completed',
    );
  });
});

describe('the review-participation command', () => {
  it("with another client's id answers 404, awards nothing and tells no one", async () => {
    const { participation, member } = await demoSubmission();
    const before = await participationRow(participation.id);
    const jobsBefore = await notifyJobs();
    const input = {
      reviewer: { id: admin.id, scope: { kind: 'all' as const } },
      participationId: participation.id,
      decision: 'approve' as const,
    };
    await expect(reviewParticipation(t.ctx.db, { ...input, clientId: ids.acme })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await participationRow(participation.id)).toEqual(before);
    expect(await ledgerOf(t.ctx.db, member.id)).toEqual([]);
    expect(await notifyJobs()).toBe(jobsBefore);
    const reviewed = await reviewParticipation(t.ctx.db, { ...input, clientId: ids.demo });
    expect(reviewed.status).toBe('approved');
    expect((await ledgerOf(t.ctx.db, member.id)).map((row) => row.points)).toEqual([40]);
    expect(await notifyJobs()).toBe(jobsBefore + 1);
  });
});
