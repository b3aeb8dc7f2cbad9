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
} from '../../test/factories.ts';
import { recordParticipation } from './commands/record-participation.ts';

/**
 * The member's participation is written with the tenant: recording it with the other client's id over a
 * rejected submission of Demo changes nothing and awards nothing; with Demo's own id it is sent again.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const participationRow = async (id: string) =>
  (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0];

describe('the record-participation command', () => {
  it("with another client's id leaves a rejected submission as it is", async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      points: 15,
    });
    const rejected = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: activity.id,
      userId: member.id,
      status: 'rejected',
      isComplete: false,
      rejectReason: 'Try again',
      data: { text: 'First try' },
    });
    const before = await participationRow(rejected.id);
    const input = {
      userId: member.id,
      activity: { id: activity.id, points: activity.points, project_id: project.id },
      status: 'completed' as const,
      data: { text: 'Second try' },
    };
    await expect(recordParticipation(t.ctx.db, { ...input, clientId: ids.acme })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await participationRow(rejected.id)).toEqual(before);
    expect(await ledgerOf(t.ctx.db, member.id)).toEqual([]);

    const result = await recordParticipation(t.ctx.db, { ...input, clientId: ids.demo });
    expect(result.participation.id).toBe(rejected.id);
    expect((await participationRow(rejected.id))?.data).toEqual({ text: 'Second try' });
    expect((await ledgerOf(t.ctx.db, member.id)).map((row) => row.points)).toEqual([15]);
  });
});
