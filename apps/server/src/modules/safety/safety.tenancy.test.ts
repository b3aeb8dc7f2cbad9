import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItems, participations, safetyRules, safetySettings } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createParticipation, userByEmail } from '../../test/factories.ts';
import {
  brandContentSetup,
  createModerationItem,
  createSafetyRule,
  setFlagAction as seedFlagAction,
} from '../../test/factories-safety.ts';
import { decideModeration } from './commands/decide-moderation.ts';
import {
  decideModerationItem,
  deleteSafetyRule,
  rejectPendingCaption,
  setFlagAction,
  updateSafetyRule,
} from './safety.repository.ts';

/**
 * Tenancy of brand safety's writes: every repository function and command that updates or deletes, given the
 * other client's id with a rule, setting, queued item or submission of the first client, changes nothing.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let adminId: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminId = (await userByEmail(t.ctx.db, 'admin@demo.test')).id;
});
afterAll(() => t.close());

const ruleRow = async (id: string) =>
  (await t.ctx.db.select().from(safetyRules).where(eq(safetyRules.id, id)))[0];
const itemRow = async (id: string) =>
  (await t.ctx.db.select().from(moderationItems).where(eq(moderationItems.id, id)))[0]!;
const participationRow = async (id: string) =>
  (await t.ctx.db.select().from(participations).where(eq(participations.id, id)))[0]!;
const settingsOf = async (clientId: string) =>
  (await t.ctx.db.select().from(safetySettings).where(eq(safetySettings.clientId, clientId)))[0];

describe("safety.repository writes with the other client's id", () => {
  it('change and delete no rule of the first client', async () => {
    const rule = await createSafetyRule(t.ctx.db, { clientId: ids.demo, kind: 'flag' });
    const before = await ruleRow(rule.id);
    expect(
      await updateSafetyRule(t.ctx.db, {
        clientId: ids.acme,
        id: rule.id,
        phrase: 'changed elsewhere',
        normalized: 'changed elsewhere',
        kind: 'block',
      }),
    ).toBeUndefined();
    await deleteSafetyRule(t.ctx.db, { clientId: ids.acme, id: rule.id });
    expect(await ruleRow(rule.id)).toEqual(before);
  });

  it("change no setting of the first client (the other client's own row is its own)", async () => {
    await seedFlagAction(t.ctx.db, ids.demo, 'hold');
    const before = await settingsOf(ids.demo);
    await setFlagAction(t.ctx.db, { clientId: ids.acme, flagAction: 'publish' });
    expect(await settingsOf(ids.demo)).toEqual(before);
    expect((await settingsOf(ids.acme))?.flagAction).toBe('publish');
  });

  it('decide no queued item of the first client', async () => {
    const item = await createModerationItem(t.ctx.db, { clientId: ids.demo, targetId: crypto.randomUUID() });
    const before = await itemRow(item.id);
    expect(
      await decideModerationItem(t.ctx.db, {
        clientId: ids.acme,
        id: item.id,
        status: 'removed',
        decidedBy: adminId,
      }),
    ).toBeUndefined();
    expect(await itemRow(item.id)).toEqual(before);
  });

  it('reject no pending Brand Content submission of the first client', async () => {
    const { user, activity } = await brandContentSetup(t.ctx, ids.demo);
    const submission = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: activity.id,
      userId: user.id,
      status: 'pending',
    });
    const before = await participationRow(submission.id);
    expect(
      await rejectPendingCaption(t.ctx.db, {
        clientId: ids.acme,
        id: submission.id,
        reviewedBy: adminId,
        reason: 'Removed elsewhere',
      }),
    ).toBeUndefined();
    expect(await participationRow(submission.id)).toEqual(before);
  });
});

describe("decideModeration with the other client's id", () => {
  it("answers 409 and leaves the first client's item and its submission as they were", async () => {
    const { user, activity } = await brandContentSetup(t.ctx, ids.demo);
    const submission = await createParticipation(t.ctx.db, {
      clientId: ids.demo,
      activityId: activity.id,
      userId: user.id,
      status: 'pending',
    });
    const item = await createModerationItem(t.ctx.db, {
      clientId: ids.demo,
      targetKind: 'caption',
      targetId: submission.id,
      authorId: user.id,
    });
    const before = [await itemRow(item.id), await participationRow(submission.id)];
    for (const decision of ['approve', 'remove'] as const) {
      await expect(
        decideModeration(t.ctx.db, { clientId: ids.acme, id: item.id, decision, moderatorId: adminId }),
      ).rejects.toMatchObject({ statusCode: 409, message: 'This item was already decided' });
    }
    expect([await itemRow(item.id), await participationRow(submission.id)]).toEqual(before);
  });
});
