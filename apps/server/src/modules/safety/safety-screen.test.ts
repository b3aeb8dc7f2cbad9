import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationItems, participations, safetyRules, shares } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createTemplate,
  createUser,
  headersFor,
  joinProject,
} from '../../test/factories.ts';
import { brandContentSetup, createSafetyRule, setFlagAction } from '../../test/factories-safety.ts';
import { SAFETY_CHANGED_CHANNEL } from './safety.ts';

/** Brand safety as members meet it: their texts screened through the real member routes. */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'Guaranteed returns', kind: 'block' });
  await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'RivalCo', kind: 'flag' });
  await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'RivalCo Arena', kind: 'allow' });
});
afterAll(() => t.close());

async function submitCaption(caption: string) {
  const setup = await brandContentSetup(t.ctx, ids.demo);
  const token = await t.login(setup.user.email!);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/activities/${setup.activity.id}/participation`,
    headers: headersFor(token),
    payload: { type: 'content_submission', caption, media_urls: [setup.photo] },
  });
  const saved = await t.ctx.db
    .select()
    .from(participations)
    .where(and(eq(participations.activityId, setup.activity.id), eq(participations.userId, setup.user.id)));
  return { res, saved, setup };
}
const queuedFor = (targetId: string) =>
  t.ctx.db.select().from(moderationItems).where(eq(moderationItems.targetId, targetId));
const queueSize = async () => (await t.ctx.db.select().from(moderationItems)).length;

describe('Brand Content caption', () => {
  it('refuses a blocked phrase with a message naming it, and saves and queues nothing', async () => {
    const before = await queueSize();
    const { res, saved } = await submitCaption('Join us: GUARANTEED-returns every week!');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Caption contains "Guaranteed returns", which is not allowed',
      code: 'blocked_text',
    });
    expect(saved).toEqual([]);
    expect(await queueSize()).toBe(before);
  });

  it('still refuses a caption of only symbols (SPEC 5)', async () => {
    const { res, saved } = await submitCaption('!!! ???');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Caption must contain words, not only symbols',
      code: 'non_word_text',
    });
    expect(saved).toEqual([]);
  });

  it('saves a flagged caption and queues it for review, published when the client publishes', async () => {
    const { res, saved, setup } = await submitCaption('Better than rivalço, honestly');
    expect(res.statusCode).toBe(200);
    expect(saved).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(await queuedFor(saved[0]!.id)).toEqual([
      expect.objectContaining({
        clientId: ids.demo,
        targetKind: 'caption',
        authorId: setup.user.id,
        text: 'Better than rivalço, honestly',
        matches: ['RivalCo'],
        isHeld: false,
        status: 'pending',
      }),
    ]);
  });

  it('marks the queued caption held when the client holds flagged text', async () => {
    await setFlagAction(t.ctx.db, ids.demo, 'hold');
    try {
      const { res, saved } = await submitCaption('rivalco rocks');
      expect(res.statusCode).toBe(200);
      expect(await queuedFor(saved[0]!.id)).toEqual([expect.objectContaining({ isHeld: true })]);
    } finally {
      await setFlagAction(t.ctx.db, ids.demo, 'publish');
    }
  });

  it('queues nothing for a clean caption or an allowed phrase', async () => {
    for (const caption of ['My desk setup', 'Live at the RivalCo Arena tonight', 'Class act, passion']) {
      const { res, saved } = await submitCaption(caption);
      expect(res.statusCode, caption).toBe(200);
      expect(await queuedFor(saved[0]!.id)).toEqual([]);
    }
  });

  it("applies only the member's own client's lists", async () => {
    await createSafetyRule(t.ctx.db, { clientId: ids.acme, phrase: 'desk', kind: 'block' });
    const { res } = await submitCaption('desk setup');
    expect(res.statusCode).toBe(200);
  });

  it('follows a change announced on the bus by another instance', async () => {
    expect((await submitCaption('a lucky charm')).res.statusCode).toBe(200);
    // Written by "another instance": straight into the database, then announced on the shared bus.
    await t.ctx.db
      .insert(safetyRules)
      .values({ clientId: ids.demo, phrase: 'lucky charm', normalized: 'lucky charm', kind: 'block' });
    await t.ctx.bus.publish(SAFETY_CHANGED_CHANNEL, ids.demo);
    const { res } = await submitCaption('a lucky charm');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Caption contains "lucky charm", which is not allowed');
  });
});

describe('general participation text response', () => {
  async function respond(text: string) {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      config: { type: 'general_participation', prompt: 'Tell us', response: 'text', choices: [] },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/activities/${activity.id}/participation`,
      headers: headersFor(await t.login(user.email!)),
      payload: { type: 'general_participation', text },
    });
    const saved = await t.ctx.db
      .select()
      .from(participations)
      .where(eq(participations.activityId, activity.id));
    return { res, saved };
  }

  it('refuses a blocked phrase and records nothing', async () => {
    const { res, saved } = await respond('guaranteed returns!');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Response contains "Guaranteed returns", which is not allowed');
    expect(saved).toEqual([]);
  });

  it('records a flagged response and queues it, never held', async () => {
    await setFlagAction(t.ctx.db, ids.demo, 'hold');
    try {
      const { res, saved } = await respond('I tried RivalCo once');
      expect(res.statusCode).toBe(200);
      expect(saved).toEqual([expect.objectContaining({ status: 'completed' })]);
      expect(await queuedFor(saved[0]!.id)).toEqual([
        expect.objectContaining({ targetKind: 'response', matches: ['RivalCo'], isHeld: false }),
      ]);
    } finally {
      await setFlagAction(t.ctx.db, ids.demo, 'publish');
    }
  });
});

describe('Personal Page share text', () => {
  it('refuses a blocked phrase and queues a flagged share', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
    const template = await createTemplate(t.ctx.db, { clientId: ids.demo });
    const activity = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'social_post',
      config: { type: 'social_post', template_id: template.id, creative_ids: [], channels: [] },
    });
    const token = await t.login(user.email!);
    const share = (text: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/activities/${activity.id}/shares`,
        headers: headersFor(token),
        payload: { channel: 'twitter', text },
      });
    const blocked = await share('Guaranteed returns here');
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().message).toBe('Text contains "Guaranteed returns", which is not allowed');
    expect(await t.ctx.db.select().from(shares).where(eq(shares.userId, user.id))).toEqual([]);
    const flagged = await share('Nicer than RivalCo');
    expect(flagged.statusCode).toBe(200);
    expect(await queuedFor(flagged.json().share.id)).toEqual([
      expect.objectContaining({ targetKind: 'share', authorId: user.id, isHeld: false }),
    ]);
  });
});
