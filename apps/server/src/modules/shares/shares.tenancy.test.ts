import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations, shares } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createShare } from '../../test/factories.ts';
import { completeShare } from './commands/complete-share.ts';
import { countShareVisit } from './commands/count-share-visit.ts';
import { joinedPost } from './shares.fixture.ts';
import { incrementShareClicks, markSharePosted, upsertShare } from './shares.repository.ts';

/**
 * Every share write takes the tenant: called with the other client's id on a share of Demo, it changes
 * nothing; with Demo's own id it does (so the first assertion is not vacuous).
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const shareRow = async (id: string) => (await t.ctx.db.select().from(shares).where(eq(shares.id, id)))[0];
const participationsOf = async (userId: string) =>
  t.ctx.db.select().from(participations).where(eq(participations.userId, userId));

/** A member of Demo who joined a project with a social post, and their share of it (not posted yet). */
async function demoShare() {
  const { user, activity } = await joinedPost(t, ids.demo);
  const share = await createShare(t.ctx.db, { clientId: ids.demo, userId: user.id, activityId: activity.id });
  return { user, activity, share };
}

describe('share writes', () => {
  it("upsertShare with another client's id changes nothing on the member's link", async () => {
    const { user, activity, share } = await demoShare();
    const before = await shareRow(share.id);
    const key = { userId: user.id, activityId: activity.id, channel: share.channel, text: 'Hijacked' };
    expect(await upsertShare(t.ctx.db, { ...key, clientId: ids.acme })).toBeUndefined();
    expect(await shareRow(share.id)).toEqual(before);
    expect(await upsertShare(t.ctx.db, { ...key, clientId: ids.demo })).toMatchObject({
      id: share.id,
      text: 'Hijacked',
      isNew: false,
    });
  });

  it("markSharePosted with another client's id changes nothing", async () => {
    const { share } = await demoShare();
    const before = await shareRow(share.id);
    const input = { shareId: share.id, postUrl: 'https://example.com/post/1' };
    await markSharePosted(t.ctx.db, { ...input, clientId: ids.acme });
    expect(await shareRow(share.id)).toEqual(before);
    await markSharePosted(t.ctx.db, { ...input, clientId: ids.demo });
    expect((await shareRow(share.id))?.postUrl).toBe('https://example.com/post/1');
  });

  it("incrementShareClicks with another client's id counts nothing", async () => {
    const { share } = await demoShare();
    await incrementShareClicks(t.ctx.db, { clientId: ids.acme, shareId: share.id });
    expect((await shareRow(share.id))?.clicks).toBe(0);
    await incrementShareClicks(t.ctx.db, { clientId: ids.demo, shareId: share.id });
    expect((await shareRow(share.id))?.clicks).toBe(1);
  });
});

describe('the share commands', () => {
  it("countShareVisit with another client's id counts no click on the share", async () => {
    const { share } = await demoShare();
    await countShareVisit(t.ctx.db, { clientId: ids.acme, shareId: share.id, visitorHash: 'visitor-1' });
    expect((await shareRow(share.id))?.clicks).toBe(0);
    await countShareVisit(t.ctx.db, { clientId: ids.demo, shareId: share.id, visitorHash: 'visitor-2' });
    expect((await shareRow(share.id))?.clicks).toBe(1);
  });

  it("completeShare with another client's id answers 404 and records nothing", async () => {
    const { user, share } = await demoShare();
    const before = await shareRow(share.id);
    const input = { userId: user.id, shareId: share.id, postUrl: null };
    await expect(completeShare(t.ctx.db, { ...input, clientId: ids.acme })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await shareRow(share.id)).toEqual(before);
    expect(await participationsOf(user.id)).toEqual([]);
    const done = await completeShare(t.ctx.db, { ...input, clientId: ids.demo });
    expect(done.pointsAwarded).toBe(20);
    expect((await shareRow(share.id))?.sharedAt).not.toBeNull();
  });
});
